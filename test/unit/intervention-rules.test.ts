/** What the intervention screens show and allow (spec part 1 §4, §5, §9), without a browser. */
import { describe, expect, it } from 'vitest';
import { appointmentError, askWorkStarted, dashboardCards, filtersFor, parseFilter, placeHint, placesOf, planningRange } from '../../src/domain/interventions';
import { childrenOf, matchesPlace, pathTo } from '../../src/domain/trees';

describe('intervention list filters', () => {
  it('maps chips 1–7 to the places of the spec', () => {
    expect(placesOf(1)).toHaveLength(9);
    expect([...placesOf(2)].sort()).toEqual(['planning', 'waiting']);
    expect(placesOf(3)).toEqual(['in_progress']);
    expect(placesOf(4)).toEqual(['reclaim']);
    expect(placesOf(5)).toEqual(['planned']);
    expect(placesOf(6)).toEqual(['planning']);
    expect([...placesOf(7)].sort()).toEqual(['closed', 'done']);
  });
  it('offers "appointments to validate" (6) to managers only', () => {
    expect(filtersFor(true).map((f) => f.status)).toContain(6);
    expect(filtersFor(false).map((f) => f.status)).not.toContain(6);
    expect(parseFilter('6', false)).toBe(1);
    expect(parseFilter('6', true)).toBe(6);
  });
  it('falls back to 1 for a missing or unknown status', () => {
    expect(parseFilter(undefined, true)).toBe(1);
    expect(parseFilter('42', true)).toBe(1);
    expect(parseFilter('abc', false)).toBe(1);
    expect(parseFilter(5, false)).toBe(5);
  });
});

describe('intervention hints and rules', () => {
  it('gives each side a hint for every place, the manager the waitingDate one in waiting', () => {
    for (const place of placesOf(1)) {
      expect(placeHint(place, true)).toBeTruthy();
      expect(placeHint(place, false)).toBeTruthy();
    }
    expect(placeHint('waiting', true)).toMatch(/proposition de date/);
  });
  it('asks the provider about work under way only once the accepted appointment has begun', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(askWorkStarted('planned', '2026-11-22T09:00:00Z', now)).toBe(true);
    expect(askWorkStarted('planned', '2026-11-22T11:00:00Z', now)).toBe(false);
    expect(askWorkStarted('in_progress', '2026-11-22T09:00:00Z', now)).toBe(false);
    expect(askWorkStarted('planned', null, now)).toBe(false);
  });
  it('wants the appointment end after its start, with the spec text', () => {
    expect(appointmentError('2026-11-22T10:00:00Z', '2026-11-22T09:00:00Z')).toBe('La date de fin doit être supérieure à la date de début');
    expect(appointmentError('2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')).toBe('La date de fin doit être supérieure à la date de début');
    expect(appointmentError('2026-11-22T10:00:00Z', '2026-11-22T11:00:00Z')).toBeNull();
    expect(appointmentError('', '2026-11-22T11:00:00Z')).toBeNull();
  });
});

describe('planning ranges', () => {
  const wednesday = new Date(2026, 10, 25, 15, 30); // Wednesday 25 November 2026, local time
  it('all starts today at midnight', () => {
    expect(planningRange('all', wednesday)).toEqual({ after: new Date(2026, 10, 25).toISOString() });
  });
  it('today is today to tomorrow', () => {
    expect(planningRange('today', wednesday)).toEqual({ after: new Date(2026, 10, 25).toISOString(), before: new Date(2026, 10, 26).toISOString() });
  });
  it('next week is next ISO Monday to the Monday after, even on a Sunday', () => {
    expect(planningRange('nextWeek', wednesday)).toEqual({ after: new Date(2026, 10, 30).toISOString(), before: new Date(2026, 11, 7).toISOString() });
    const sunday = new Date(2026, 10, 29, 9);
    expect(planningRange('nextWeek', sunday)).toEqual({ after: new Date(2026, 10, 30).toISOString(), before: new Date(2026, 11, 7).toISOString() });
  });
});

describe('tunnel pickers', () => {
  const nodes = [
    { id: 1, name: 'Bâtiment B', parentId: null },
    { id: 2, name: 'Bâtiment A', parentId: null },
    { id: 3, name: 'Escalier 1', parentId: 2 },
    { id: 4, name: 'Étage 2', parentId: 3 },
  ];
  it('drills down by parent and names the path for the summary', () => {
    expect(childrenOf(nodes, null).map((n) => n.name)).toEqual(['Bâtiment A', 'Bâtiment B']);
    expect(childrenOf(nodes, 2).map((n) => n.id)).toEqual([3]);
    expect(pathTo(nodes, 4).map((n) => n.name)).toEqual(['Bâtiment A', 'Escalier 1', 'Étage 2']);
    expect(pathTo(nodes, null)).toEqual([]);
  });
  it('searches places by name, address, postal code or city, case-insensitive', () => {
    const place = { name: 'Résidence Les Tilleuls', mainContact: { address: '12 rue Victor Hugo', postalCode: '69003', city: 'Lyon' } };
    expect(matchesPlace(place, 'tilleuls')).toBe(true);
    expect(matchesPlace(place, 'VICTOR')).toBe(true);
    expect(matchesPlace(place, '6900')).toBe(true);
    expect(matchesPlace(place, 'lyon')).toBe(true);
    expect(matchesPlace(place, 'Paris')).toBe(false);
    expect(matchesPlace(place, '  ')).toBe(true);
  });
});

describe('intervention dashboard cards', () => {
  it('manager: validate-appointments card only with its can-flag, in-progress only above 0, placeholders at 0', () => {
    const cards = dashboardCards({ canValidateAppointment: true, countAppointments: 3, countInProgressInterventionRequests: 0 }, true);
    expect(cards.find((c) => c.key === 'appointments')).toMatchObject({ count: 3, to: { to: '/requests', search: { status: 6 } } });
    expect(cards.find((c) => c.key === 'in-progress')).toBeUndefined();
    expect(cards.filter((c) => c.count === 0).length).toBeGreaterThanOrEqual(2);
    expect(cards.find((c) => c.key === 'add-contract')?.to?.to).toBe('/requests-create');
    // /dashboard-add (tender or contract, X back to the dashboard) is reached from the dashboard's tender card.
    expect(cards.find((c) => c.key === 'add-tender')?.to?.to).toBe('/dashboard-add');
    expect(cards.find((c) => c.key === 'tenders-running')?.to?.to).toBe('/tenders');
    expect(dashboardCards({ canValidateAppointment: false, countAppointments: 3, countInProgressInterventionRequests: 2 }, true).map((c) => c.key)).toEqual(
      expect.arrayContaining(['in-progress']),
    );
    expect(dashboardCards({ canValidateAppointment: false, countAppointments: 3 }, true).map((c) => c.key)).not.toContain('appointments');
  });
  it('provider: reclaims (4), to plan (2), planned (5) by their can-flags, and a tender placeholder', () => {
    const all = dashboardCards(
      {
        canHandleReclaim: true,
        countReclaims: 1,
        canHandleInterventionRequestToPlanned: true,
        countInterventionRequestToPlanned: 4,
        canHandleInterventionRequestPlanned: true,
        countInterventionRequestPlanned: 2,
      },
      false,
    );
    expect(all.map((c) => [c.key, c.to?.search?.status ?? null, c.count])).toEqual([
      ['reclaims', 4, 1],
      ['to-plan', 2, 4],
      ['planned', 5, 2],
      ['tenders', null, 0],
    ]);
    expect(dashboardCards({ canHandleReclaim: false, countReclaims: 1 }, false).map((c) => c.key)).toEqual(['tenders']);
  });
});
