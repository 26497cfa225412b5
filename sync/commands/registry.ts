/**
 * Every command the app can enqueue, by name. Modules add theirs here. The
 * registry's type is the command map: `enqueue` checks each name and payload
 * against it, so a misspelt command does not compile. Test-only commands
 * (the reliability witness `request.create`) live in the tests' own registry.
 */
import { buildRegistry, type CommandName, type PayloadOf } from '../outbox/commands';
import { accountUpdate } from './account';
import { echoparkCommands } from './echopark';
import { interventionCommands } from './interventions';
import { osCommands } from './os';
import { visitCommands } from './visits';

export const commandRegistry = buildRegistry([accountUpdate, ...interventionCommands, ...osCommands, ...visitCommands, ...echoparkCommands]);

export type AppRegistry = typeof commandRegistry;
export type AppCommandName = CommandName<AppRegistry>;
export type AppPayload<N extends AppCommandName> = PayloadOf<AppRegistry[N]>;
