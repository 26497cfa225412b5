/** A visit's state as the kit's status pill (to do blue, started orange-red, draft amber, handed in green). */
import { VISIT_STATE_LABELS, type VisitState } from '../../../sync/index';
import { StatusPill, type PillTone } from '../../ui/status-pill';

const TONES: Record<VisitState, PillTone> = { todo: 'new', start: 'progress', draft: 'todo', terminate: 'done' };

export function VisitStatePill({ state }: { state: VisitState }) {
  return <StatusPill tone={TONES[state]}>{VISIT_STATE_LABELS[state]}</StatusPill>;
}
