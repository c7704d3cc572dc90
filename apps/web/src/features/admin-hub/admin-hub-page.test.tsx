import type { CurrentUser } from '@portal/domain/accounts/me';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/users';
import { hubSectionsFor } from './pages/admin-hub-page';

const labels = (user: CurrentUser) =>
  hubSectionsFor(user).flatMap((section) => section.links.map((link) => link.label));
const admin = (features: CurrentUser['features']) => makeUser({ isAdmin: true, role: 'admin', features });

describe('the admin hub (spec 3 §2.2)', () => {
  it('reaches the people pages by the flags they need', () => {
    expect(labels(admin(['Users Management', 'Access Control', 'Outbox']))).toEqual([
      'Settings',
      'Manage Teams',
      'All Dealers',
      'All Users',
      'Approvals',
      'Access Control',
      'RICA',
      'Outbox',
      'Edit Sales Note',
      'Training Modules',
    ]);
  });

  it('shows Training Modules to every admin, under the University section (spec 3 §2.2)', () => {
    const section = hubSectionsFor(admin([])).find((candidate) => candidate.title.endsWith('University'));
    expect(section?.links.map((link) => [link.label, link.to])).toEqual([['Training Modules', '/training-modules']]);
  });

  it('leaves out what an admin without the flags cannot open', () => {
    const shown = labels(admin([]));
    expect(shown).toContain('Approvals');
    expect(shown).toContain('RICA');
    expect(shown).not.toContain('All Dealers');
    expect(shown).not.toContain('Access Control');
    expect(shown).not.toContain('Outbox');
  });

  it('shows Settings to every admin and Deals only with the Deals flag (spec 3 §2.2)', () => {
    const sectionOf = (user: CurrentUser) => hubSectionsFor(user).find((section) => section.title === 'Settings');
    expect(sectionOf(admin([]))?.links.map((link) => link.label)).toEqual(['Settings']);
    expect(sectionOf(admin(['Deals']))?.links.map((link) => [link.label, link.to])).toEqual([
      ['Settings', '/settings'],
      ['Deals', '/deals'],
    ]);
    const leader = makeUser({ isLeader: true, role: 'leader', features: ['Deals'] });
    expect(sectionOf(leader)).toBeUndefined();
  });

  it('shows Manual Order Override only with Reallocations and Edit Sales Note to every admin (spec 3 §2.2)', () => {
    expect(labels(admin([]))).toContain('Edit Sales Note');
    expect(labels(admin([]))).not.toContain('Manual Order Override');
    const links = hubSectionsFor(admin(['Reallocations'])).flatMap((section) => section.links);
    expect(links.find((link) => link.label === 'Manual Order Override')?.to).toBe('/order-override');
    expect(links.find((link) => link.label === 'Edit Sales Note')?.to).toBe('/edit-sales-note');
    const leader = makeUser({ isLeader: true, role: 'leader', features: ['Reallocations'] });
    expect(labels(leader)).not.toContain('Edit Sales Note');
    expect(labels(leader)).not.toContain('Manual Order Override');
  });

  it('shows the Imports section only with the Commissions flag (spec 3 §2.2)', () => {
    const sectionOf = (user: CurrentUser) => hubSectionsFor(user).find((section) => section.title === 'Imports');
    expect(sectionOf(admin([]))).toBeUndefined();
    expect(sectionOf(admin(['Deals', 'Users Management']))).toBeUndefined();
    expect(sectionOf(admin(['Commissions']))?.links.map((link) => [link.label, link.to])).toEqual([
      ['Import Fibre Activity', '/import-fibre-activity'],
      ['Agent CSV Import', '/import-sadv-agents-csv'],
      ['Commissions', '/commissions'],
    ]);
    expect(hubSectionsFor(admin(['Commissions']))[0]?.title).toBe('Imports');
    const leader = makeUser({ isLeader: true, role: 'leader', features: ['Commissions'] });
    expect(sectionOf(leader)).toBeUndefined();
  });

  it('shows the Helpdesk links by their flags (spec 3 §2.2)', () => {
    const sectionOf = (user: CurrentUser) => hubSectionsFor(user).find((section) => section.title === 'Helpdesk');
    const links = (user: CurrentUser) => sectionOf(user)?.links.map((link) => [link.label, link.to]);
    expect(sectionOf(admin([]))).toBeUndefined();
    expect(links(admin(['Sales Assist']))).toEqual([
      ['Sales Assist', '/sales-leads-admin-view'],
      ['Support Statuses', '/helpdesk/support-statuses'],
      ['Canned Replies', '/helpdesk/canned-replies'],
    ]);
    expect(links(admin(['Agent Support']))?.map(([label]) => label)).toEqual([
      'Agent Support',
      'Support Statuses',
      'Canned Replies',
    ]);
    const leader = makeUser({ isLeader: true, role: 'leader', features: ['Sales Assist', 'Agent Support'] });
    expect(sectionOf(leader)).toBeUndefined();
  });
});
