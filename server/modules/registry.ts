/**
 * Every module of the reference API, in registration and seeding order
 * (core first: the others reference its users, companies and places).
 */
import type { ServerModule } from '../context';
import { coreModule } from './core';
import { interventionsModule } from './interventions';
import { osModule } from './os';
import { echoparkModule } from './echopark';
import { visitsModule } from './visits';

export const modules: readonly ServerModule[] = [coreModule, interventionsModule, osModule, echoparkModule, visitsModule];

export const moduleSchemas: readonly string[] = modules.map((m) => m.schema).filter((s) => s.trim() !== '');
