/** Every command the app can enqueue, by name. Modules add theirs here. */
import type { CommandRegistry } from '../outbox/commands';
import { accountUpdate } from './account';
import { genericRequestCreate } from './generic-request';

export const commandRegistry: CommandRegistry = {
  [accountUpdate.name]: accountUpdate,
  [genericRequestCreate.name]: genericRequestCreate,
};
