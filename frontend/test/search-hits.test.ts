import type { SearchResults } from '@portico/common';
import { describe, expect, it } from 'vitest';
import { searchGroups } from '../src/features/search/search-hits';

describe('searchGroups', () => {
  it('lists people, files and tools in that order, leaving out empty groups', () => {
    const groups = searchGroups(
      {
        users: [{ id: 'u1', email: 'ada@example.test', first_name: 'Ada', last_name: null, role: 'role2' }],
        files: [],
        forms: [],
        embeds: [{ id: 'e1', title: 'Book a call', provider: 'calendly', is_active: false }],
        messages: [],
      },
      { formBuilder: true },
    );
    expect(groups).toEqual([
      {
        heading: 'People',
        hits: [{ key: 'user:u1', label: 'Ada', detail: 'ada@example.test', to: '/crm/users?query=ada%40example.test' }],
      },
      {
        heading: 'Embedded tools',
        hits: [{ key: 'embed:e1', label: 'Book a call', detail: 'calendly · inactive', to: '/embed/e1' }],
      },
    ]);
  });

  it('shows the email when a person has no name, and nothing before an answer', () => {
    expect(searchGroups(undefined, { formBuilder: true })).toEqual([]);
    const [people] = searchGroups(
      {
        users: [{ id: 'u2', email: 'x@example.test', first_name: null, last_name: null, role: 'admin' }],
        files: [],
        forms: [],
        embeds: [],
        messages: [],
      },
      { formBuilder: true },
    );
    expect(people?.hits[0]?.label).toBe('x@example.test');
  });

  it('lists forms after files: builders open the management page on the form, members the form itself', () => {
    const results: SearchResults = {
      users: [],
      files: [{ id: 'f1', title: 'Report', original_name: 'r.pdf', kind: 'pdf', created_at: '2025-01-01T00:00:00Z' }],
      forms: [{ id: 'form-1', title: 'Intake', status: 'published' }],
      embeds: [],
      messages: [],
    };
    const builder = searchGroups(results, { formBuilder: true });
    expect(builder.map((g) => g.heading)).toEqual(['Files', 'Forms']);
    expect(builder[1]?.hits).toEqual([
      { key: 'form:form-1', label: 'Intake', detail: 'Published', to: '/forms?selected=form-1' },
    ]);
    expect(searchGroups(results, { formBuilder: false })[1]?.hits[0]?.to).toBe('/forms/form-1');
  });
});
