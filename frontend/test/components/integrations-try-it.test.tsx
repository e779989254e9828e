import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperationView, ParameterField } from '../../src/features/integrations/openapi';
import { TryIt } from '../../src/features/integrations/TryIt';
import type { AnswerTable } from '../fake-fetch';
import { renderApp } from './render-app';

const BASE = 'https://portal.example.com/api/v1';

const param = (location: ParameterField['in'], name: string, required = false): ParameterField => ({
  in: location,
  name,
  type: 'string',
  required,
  description: '',
  defaultValue: null,
});

const operation = (changes: Partial<OperationView>): OperationView => ({
  key: 'listMembers',
  method: 'GET',
  path: '/workspaces/{id}/members',
  summary: 'List members',
  description: '',
  tag: 'Members',
  deprecated: false,
  auth: 'required',
  parameters: [],
  body: null,
  responses: [],
  ...changes,
});

const LIST_MEMBERS = operation({
  parameters: [param('path', 'id', true), param('query', 'filter.status', true), param('query', 'page[size]')],
});
const ADD_MEMBER = operation({
  key: 'addMember',
  method: 'POST',
  path: '/members',
  body: {
    contentType: 'application/json',
    required: true,
    multipart: false,
    fields: [],
    fileFields: [],
    example: '{"email": "ada@example.com"}',
  },
});

/** The API page's Try it panel for `operation`, with `apiKey` given, against a server answering `server`. */
function openTryIt(operation: OperationView, apiKey: string, server: AnswerTable = {}) {
  return renderApp(<TryIt operation={operation} baseUrl={BASE} apiKey={apiKey} />, {
    path: '/integrations/api',
    answers: server,
  });
}

const send = () => screen.getByRole('button', { name: 'Send request' });

describe('Try it', () => {
  it('sends parameters whose names have dots and brackets under those names, with the key', async () => {
    const { calls, user } = openTryIt(LIST_MEMBERS, 'ptk_abc', {
      [`GET ${BASE}/workspaces/w%201/members`]: { status: 200, body: { items: [] } },
    });
    await user.type(screen.getByLabelText('id (required)'), 'w 1');
    await user.type(screen.getByLabelText('filter.status (required)'), 'active');
    await user.type(screen.getByLabelText('page[size]'), '10');
    await user.click(send());
    expect(await screen.findByText('Status 200')).toBeTruthy();
    expect(calls).toEqual([
      {
        path: `${BASE}/workspaces/w%201/members?filter.status=active&page%5Bsize%5D=10`,
        method: 'GET',
        headers: { authorization: 'Bearer ptk_abc' },
        body: undefined,
      },
    ]);
    expect(screen.getByLabelText('Response body').textContent).toBe('{\n  "items": []\n}');
  });

  it('asks for an API key and sends nothing without one', async () => {
    const { calls, user } = openTryIt(LIST_MEMBERS, '');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter an API key to send the request.');
    expect(calls).toEqual([]);
  });

  it('names a required parameter left empty and sends nothing', async () => {
    const { calls, user } = openTryIt(LIST_MEMBERS, 'ptk_abc');
    await user.type(screen.getByLabelText('id (required)'), 'w1');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toBe('Enter a value for filter.status.');
    expect(calls).toEqual([]);
  });

  it('sends the JSON body as written, and refuses one that is not JSON', async () => {
    const { calls, user } = openTryIt(ADD_MEMBER, 'ptk_abc', {
      [`POST ${BASE}/members`]: { status: 201, body: { id: 'm1' } },
    });
    const body = screen.getByLabelText('Request body (application/json) (required)');
    await user.click(send());
    expect(await screen.findByText('Status 201')).toBeTruthy();
    expect(calls.map(({ method, headers, body: sent }) => ({ method, headers, sent }))).toEqual([
      {
        method: 'POST',
        headers: { authorization: 'Bearer ptk_abc', 'content-type': 'application/json' },
        sent: { email: 'ada@example.com' },
      },
    ]);
    await user.type(body, ',');
    await user.click(send());
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The request body is not valid JSON: /);
    expect(calls).toHaveLength(1);
  });
});
