/**
 * Seeds the echopark configuration from seed-data.ts: communities and members
 * (echopark@demo.fr and admin@demo.fr in Lyon and Grand Ouest, a third user in
 * the south), the property trees, request types and domains, roles, groups,
 * routing, the domains closed for new requests, the workflow, the progress
 * form and the instructions; then the scripted requests (seed-requests.ts).
 */
import type { AppContext, SeedOptions } from '../../context';
import type { World } from '../../seed/world';
import {
  CLOSED_DOMAINS,
  COMMUNITIES,
  GROUPS,
  PROGRESS_FORM,
  REGIONS,
  REQUEST_TYPES,
  ROLES,
  ROUTING,
  SPECIFIC_CONSIGNES,
  STEPS,
  SUD_ACCOUNT,
  TRANSITIONS,
  type CommunityKey,
} from './seed-data';
import { seedRequests, type SeedRefs } from './seed-requests';

export function seedEchopark(ctx: AppContext, world: World, options: SeedOptions): void {
  const { db } = ctx;
  const run = (sql: string, ...params: unknown[]) => Number(db.prepare(sql).run(...params).lastInsertRowid);

  const communities = {} as Record<CommunityKey, number>;
  for (const [key, name] of Object.entries(COMMUNITIES) as [CommunityKey, string][])
    communities[key] = run(`INSERT INTO echopark_communities (name) VALUES (?)`, name);

  // The south's user shares the demo password: copy the hash rather than spend another scrypt.
  const source = db.prepare(`SELECT password_hash, company_id FROM users WHERE id = ?`).get(world.users.echopark) as {
    password_hash: string;
    company_id: number | null;
  };
  const sud = run(
    `INSERT INTO users (email, password_hash, firstname, lastname, gsm, roles, company_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    SUD_ACCOUNT.email,
    source.password_hash,
    SUD_ACCOUNT.firstname,
    SUD_ACCOUNT.lastname,
    SUD_ACCOUNT.gsm,
    JSON.stringify(['ROLE_ECHOPARK']),
    source.company_id,
  );
  const member = db.prepare(`INSERT INTO echopark_user_communities (user_id, community_id) VALUES (?, ?)`);
  const main = db.prepare(`UPDATE users SET echopark_main_community_id = ? WHERE id = ?`);
  for (const userId of [world.users.echopark, world.users.admin]) for (const key of ['lyon', 'ouest'] as const) member.run(userId, communities[key]);
  member.run(sud, communities.sud);
  main.run(communities.lyon, world.users.echopark);
  main.run(communities.ouest, world.users.admin);
  main.run(communities.sud, sud);

  // Property trees: region → site (a world real estate, or an extra site) → building.
  const properties = new Map<string, number>();
  const insertProperty = db.prepare(
    `INSERT INTO echopark_properties (community_id, parent_id, level, name, address, postal_code, city, latitude, longitude, real_estate_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const property = (
    community: number,
    parent: number | null,
    level: number,
    name: string,
    address: string | null,
    postalCode: string | null,
    city: string,
    lat: number,
    lng: number,
    realEstate: number | null = null,
  ) => Number(insertProperty.run(community, parent, level, name, address, postalCode, city, lat, lng, realEstate).lastInsertRowid);
  // Buildings sit a few dozen metres around their site, so that the map shows them apart.
  const around = (i: number) => [0.0004 * Math.cos(i * 2.1), 0.0005 * Math.sin(i * 2.1)] as const;
  for (const region of REGIONS) {
    const community = communities[region.community];
    const regionId = property(community, null, 1, region.name, null, null, region.city, region.lat, region.lng);
    for (const re of world.realEstates.filter((r) => region.cities.includes(r.city))) {
      const row = db
        .prepare(
          `SELECT c.address, c.postal_code, c.city, r.latitude, r.longitude FROM real_estates r JOIN contacts c ON c.id = r.main_contact_id WHERE r.id = ?`,
        )
        .get(re.id) as { address: string; postal_code: string; city: string; latitude: number; longitude: number };
      const siteId = property(community, regionId, 2, re.name, row.address, row.postal_code, row.city, row.latitude, row.longitude, re.id);
      properties.set(re.name, siteId);
      const tops = db.prepare(`SELECT name FROM buildings WHERE real_estate_id = ? AND parent_id IS NULL ORDER BY id`).all(re.id) as { name: string }[];
      tops.forEach((b, i) => {
        const [dLat, dLng] = around(i);
        properties.set(
          `${re.name} / ${b.name}`,
          property(community, siteId, 3, b.name, row.address, row.postal_code, row.city, row.latitude + dLat, row.longitude + dLng, re.id),
        );
      });
    }
    for (const site of region.extraSites) {
      const siteId = property(community, regionId, 2, site.name, site.address, site.postalCode, site.city, site.lat, site.lng);
      properties.set(site.name, siteId);
      site.buildings.forEach((name, i) => {
        const [dLat, dLng] = around(i);
        properties.set(
          `${site.name} / ${name}`,
          property(community, siteId, 3, name, site.address, site.postalCode, site.city, site.lat + dLat, site.lng + dLng),
        );
      });
    }
  }

  // Request types and their domain trees; a domain name is one row however many trees hold it.
  const domainIds = new Map<string, number>();
  const domainTree = new Map<string, number>();
  const types = new Map<string, number>();
  for (const type of REQUEST_TYPES) {
    const typeId = run(`INSERT INTO echopark_request_types (name) VALUES (?)`, type.name);
    types.set(type.name, typeId);
    run(`INSERT INTO echopark_instructions (request_type_id, message) VALUES (?, ?)`, typeId, type.consigne);
    const place = (specs: typeof type.domains, parent: number | null) => {
      for (const [name, urgency, children] of specs) {
        if (!domainIds.has(name)) domainIds.set(name, run(`INSERT INTO echopark_domains (name) VALUES (?)`, name));
        const node = run(
          `INSERT INTO echopark_domain_tree (request_type_id, domain_id, parent_id, urgency_name) VALUES (?, ?, ?, ?)`,
          typeId,
          domainIds.get(name),
          parent,
          urgency ?? 'Normale',
        );
        domainTree.set(`${type.name} / ${name}`, node);
        place(children, node);
      }
    };
    place(type.domains, null);
  }
  for (const [type, domain, site, message] of SPECIFIC_CONSIGNES) {
    run(
      `INSERT INTO echopark_instructions (request_type_id, domain_tree_id, property_id, message) VALUES (?, ?, ?, ?)`,
      types.get(type),
      domainTree.get(`${type} / ${domain}`),
      site ? properties.get(site) : null,
      message,
    );
  }

  const roles = new Map(ROLES.map((name) => [name, run(`INSERT INTO echopark_roles (name) VALUES (?)`, name)]));
  const groups = {} as Record<CommunityKey, number[]>;
  for (const key of Object.keys(GROUPS) as CommunityKey[]) {
    groups[key] = GROUPS[key].map(([name, role, company]) => {
      const companyId = typeof company === 'number' ? world.companies.providers[company] : world.companies[company];
      return run(
        `INSERT INTO echopark_groups (community_id, role_id, name, company_id) VALUES (?, ?, ?, ?)`,
        communities[key],
        roles.get(role),
        name,
        companyId,
      );
    });
    for (const [type, index] of Object.entries(ROUTING[key])) {
      run(`INSERT INTO echopark_routing (community_id, request_type_id, group_id) VALUES (?, ?, ?)`, communities[key], types.get(type), groups[key][index]);
    }
  }

  for (const [community, type, domain] of CLOSED_DOMAINS)
    run(`INSERT INTO echopark_domain_closures (community_id, domain_tree_id) VALUES (?, ?)`, communities[community], domainTree.get(`${type} / ${domain}`));

  const formId = run(`INSERT INTO echopark_forms (label) VALUES (?)`, PROGRESS_FORM.label);
  const fields = new Map<string, number>();
  PROGRESS_FORM.fieldsets.forEach((fieldset, i) => {
    const fieldsetId = run(`INSERT INTO echopark_fieldsets (label) VALUES (?)`, fieldset.label);
    run(`INSERT INTO echopark_form_fieldsets (form_id, fieldset_id, position) VALUES (?, ?, ?)`, formId, fieldsetId, i + 1);
    fieldset.fields.forEach((f, j) => {
      const choices = JSON.stringify((f.choices ?? []).map((label, k) => ({ value: String(k + 1), label })));
      const fieldId = run(
        `INSERT INTO echopark_fields (label, key, type, choices, obligatoire, placeholder) VALUES (?, ?, ?, ?, ?, ?)`,
        f.label,
        f.key,
        f.type,
        choices,
        f.obligatoire ? 1 : 0,
        f.placeholder ?? null,
      );
      fields.set(f.key, fieldId);
      run(
        `INSERT INTO echopark_fieldset_fields (fieldset_id, field_id, position, disabled) VALUES (?, ?, ?, ?)`,
        fieldsetId,
        fieldId,
        j + 1,
        f.disabled ? 1 : 0,
      );
    });
  });

  const steps = STEPS.map((s, i) =>
    run(
      `INSERT INTO echopark_steps (name, type_name, position, can_message, debriefing_available, is_closing, form_id) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      s.name,
      s.typeName,
      i + 1,
      s.canMessage,
      s.debrief,
      s.closing,
      s.form ? formId : null,
    ),
  );
  for (const [from, to, role] of TRANSITIONS) {
    run(
      `INSERT INTO echopark_step_transitions (from_step_id, to_step_id, role_id) VALUES (?, ?, ?)`,
      steps[from - 1],
      steps[to - 1],
      role ? roles.get(role) : null,
    );
  }

  const refs: SeedRefs = {
    communities,
    properties,
    domainTree,
    types,
    steps,
    fields,
    users: { echopark: world.users.echopark, admin: world.users.admin, sud },
  };
  seedRequests(ctx, world, options, refs);
}
