/**
 * The visit state rules shared by the reference server and the client's
 * actions (sync/contract/visits.ts, issue 19): who may start, take over and
 * resume a visit, so that a button is offered only where the server accepts.
 */
import { describe, expect, it } from 'vitest';
import { assignRefusal, canResume, canTakeOver, startRefusal, type VisitState } from '../../sync/contract/visits';
import { visitActions } from '../../src/domain/visits';

const ME = 7;
const OTHER = 8;
const v = (state: VisitState, assigned_to: number | null) => ({ state, assigned_to });
const none = { downloaded: false, startedHere: false, otherStarted: false };

describe('start, take-over and resume rules (server and client)', () => {
  it('start: only the assignee; never a handed-in visit; a started one again by its assignee', () => {
    expect(startRefusal(v('todo', ME), ME)).toBeNull();
    expect(startRefusal(v('draft', ME), ME)).toBeNull();
    expect(startRefusal(v('start', ME), ME)).toBeNull();
    expect(startRefusal(v('terminate', ME), ME)).toBe('010003');
    expect(startRefusal(v('todo', OTHER), ME)).toBe('010004');
    expect(startRefusal(v('start', null), ME)).toBe('010004');
  });

  it('take-over: not a handed-in visit, not one started by someone else; offered only on others’ visits', () => {
    expect(assignRefusal(v('todo', OTHER), ME)).toBeNull();
    expect(assignRefusal(v('draft', null), ME)).toBeNull();
    expect(assignRefusal(v('start', OTHER), ME)).toBe('010003');
    expect(assignRefusal(v('terminate', OTHER), ME)).toBe('010003');
    expect(assignRefusal(v('terminate', ME), ME)).toBe('010003');
    expect(canTakeOver(v('todo', OTHER), ME)).toBe(true);
    expect(canTakeOver(v('draft', null), ME)).toBe(true);
    expect(canTakeOver(v('todo', ME), ME)).toBe(false); // already mine
    expect(canTakeOver(v('start', OTHER), ME)).toBe(false);
    expect(canTakeOver(v('terminate', OTHER), ME)).toBe(false);
  });

  it('resume: the user’s own started visit only', () => {
    expect(canResume(v('start', ME), ME)).toBe(true);
    expect(canResume(v('start', OTHER), ME)).toBe(false);
    for (const state of ['todo', 'draft', 'terminate'] as const) expect(canResume(v(state, ME), ME)).toBe(false);
  });
});

describe('the actions offered on this device', () => {
  it('« Reprendre sur cet appareil » on my started visit when its started copy is not here and no other visit is started here', () => {
    expect(visitActions(v('start', ME), ME, none)).toMatchObject({ resume: true, download: false, start: false, takeOver: false, pause: false });
    // A copy downloaded here before the visit was started on the other phone is out of date: resumed too.
    expect(visitActions(v('start', ME), ME, { ...none, downloaded: true }).resume).toBe(true);
    expect(visitActions(v('start', ME), ME, { ...none, downloaded: true, startedHere: true })).toMatchObject({ resume: false, pause: true });
    expect(visitActions(v('start', ME), ME, { ...none, otherStarted: true }).resume).toBe(false);
    expect(visitActions(v('start', OTHER), ME, none)).toMatchObject({ resume: false, takeOver: false });
    expect(visitActions(v('draft', ME), ME, none).resume).toBe(false);
  });

  it("'Récupérer la visite' only where the server takes it", () => {
    for (const state of ['todo', 'start', 'draft', 'terminate'] as const)
      for (const assigned of [ME, OTHER, null])
        expect(visitActions(v(state, assigned), ME, none).takeOver, `${state} ${assigned}`).toBe(
          assigned !== ME && assignRefusal(v(state, assigned), ME) === null,
        );
  });
});
