/** Every command the app can enqueue, by name. Modules add theirs here. */
import type { CommandDefinition, CommandRegistry } from '../outbox/commands';
import { accountUpdate } from './account';
import { genericRequestCreate } from './generic-request';
import { interventionCommands } from './interventions';
import { visitCommands } from './visits';

const all: CommandDefinition<any, any>[] = [accountUpdate, genericRequestCreate, ...interventionCommands, ...visitCommands]; // eslint-disable-line @typescript-eslint/no-explicit-any -- heterogeneous payloads

export const commandRegistry: CommandRegistry = Object.fromEntries(all.map((c) => [c.name, c]));
