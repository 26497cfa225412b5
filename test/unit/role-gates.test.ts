/** Route gates by module (issue 23): the roles a module route needs agree with the nav, home and the server's areas. */
import { describe, expect, it } from 'vitest';
import { MODULE_ROLES, guardRedirect, homeCards, mayOpen, navItems } from '../../src/domain/access';
import { API_AREA_ROLES, OS_ROLES, canUseArea } from '../../sync/contract/roles';

const DEMO: Record<string, string[]> = {
  manager: ['ROLE_OWNER_ADMIN'],
  owner: ['ROLE_OWNER'],
  provider: ['ROLE_SERVICE_PROVIDER_ADMIN'],
  inspector: ['ROLE_VISIT_TECHNICIAN'],
  echopark: ['ROLE_ECHOPARK'],
  admin: ['ROLE_ADMIN'],
  gt: ['ROLE_FIRM_TECHNICAL_MANAGER'],
};

describe('module gates', () => {
  it('sends a signed-in user without the module’s roles home, flagged forbidden; lets the others in', () => {
    expect(guardRedirect('auth', true, '/requests-os', 'os', DEMO.echopark)).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect('auth', true, '/planning', 'messaging', DEMO.inspector)).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect('auth', true, '/requests', 'interventions', DEMO.inspector)).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect('auth', true, '/echopark-requests', 'echopark', DEMO.provider)).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect('auth', true, '/dashboard-visites', 'visits', DEMO.provider)).toEqual({ to: '/', forbidden: true });
    expect(guardRedirect('auth', true, '/dashboard-os', 'os', DEMO.gt)).toBeNull();
    expect(guardRedirect('auth', true, '/echopark-requests', 'echopark', DEMO.admin)).toBeNull();
  });
  it('a guest still goes to /login first; roles not known yet let the user in (the server decides)', () => {
    expect(guardRedirect('auth', false, '/dashboard-os', 'os', DEMO.echopark)).toEqual({ to: '/login', search: { redirect: '/dashboard-os' } });
    expect(guardRedirect('auth', true, '/dashboard-os', 'os', null)).toBeNull();
  });
  it('a module the nav or home offers is one the gate opens, and the other way round', () => {
    for (const [who, roles] of Object.entries(DEMO)) {
      const cards = homeCards(roles, []).map((c) => c.key);
      const nav = navItems('default', roles).map((i) => i.key);
      expect(mayOpen('interventions', roles), who).toBe(cards.includes('interventions'));
      expect(mayOpen('os', roles), who).toBe(cards.includes('os'));
      expect(mayOpen('os', roles), who).toBe(nav.includes('requests-os'));
      expect(mayOpen('messaging', roles), who).toBe(nav.includes('planning'));
      expect(mayOpen('echopark', roles), who).toBe(cards.includes('echopark'));
      expect(mayOpen('visits', roles), who).toBe(cards.includes('visits'));
    }
  });
  it('every module gate is no wider than the server’s area for its requests (a user let in is never answered 403)', () => {
    const area = { interventions: 'interventions', os: 'os', osDetail: 'os', messaging: 'messaging', echopark: 'echopark', visits: 'visits' } as const;
    for (const [module, roles] of Object.entries(MODULE_ROLES)) {
      for (const role of roles) expect(canUseArea([role], area[module as keyof typeof area]), `${module} ${role}`).toBe(true);
    }
    expect(MODULE_ROLES.os).toEqual(OS_ROLES);
    expect(MODULE_ROLES.osDetail).toEqual(API_AREA_ROLES.os);
  });
});
