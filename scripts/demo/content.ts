/**
 * What `npm run seed:demo` creates: two workspaces on different plans (both with team seats, so each has a person of every role), a person of every role in
 * each, and the files, forms and embeds those people would share. Emails use the reserved
 * `.example` domain so nothing the demo sends can reach a real inbox.
 */
import { EMBED_AUDIENCE_ALL } from '@portico/common';
import type { TenantTier } from '@portico/core';

export interface DemoPerson {
  key: 'admin' | 'team' | 'client' | 'client2' | 'guest';
  email: string;
  firstName: string;
  lastName: string;
  title: string;
  role: string;
}

export interface DemoFile {
  title: string;
  name: string;
  contentType: string;
  body: string;
  roles: string[];
  /** Shared with this person personally rather than (or as well as) with roles. */
  person?: DemoPerson['key'];
}

export interface DemoQuestion {
  id: string;
  type: 'short' | 'long' | 'choice' | 'multi' | 'dropdown' | 'rating' | 'date';
  label: string;
  required?: boolean;
  options?: string[];
  logic?: { whenQuestionId: string; equals: string };
}

export interface DemoForm {
  title: string;
  description: string;
  status: 'draft' | 'published';
  roles: string[];
  primary: string;
  fields: DemoQuestion[];
  /** Answers given by these people, keyed by question id. */
  responses: { person: DemoPerson['key']; answers: Record<string, string | string[] | number> }[];
}

export interface DemoEmbed {
  title: string;
  url: string;
  description: string;
  /** A role key, `all`, or a person. */
  audience: { role: string } | { person: DemoPerson['key'] };
}

export interface DemoTenant {
  name: string;
  slug: string;
  tier: TenantTier;
  primaryColor: string;
  secondaryColor: string;
  people: DemoPerson[];
  files: DemoFile[];
  forms: DemoForm[];
  embeds: DemoEmbed[];
}

function person(
  slug: string,
  key: DemoPerson['key'],
  role: string,
  firstName: string,
  lastName: string,
  title: string,
): DemoPerson {
  return {
    key,
    role,
    firstName,
    lastName,
    title,
    email: `${firstName.toLowerCase()}.${lastName.toLowerCase()}@${slug}.example`,
  };
}

const markdown = 'text/markdown';
const csv = 'text/csv';

const OFFICE_MAP =
  'https://www.openstreetmap.org/export/embed.html?bbox=-0.1426%2C51.5033%2C-0.1186%2C51.5133&layer=mapnik';
const PUBLIC_HOLIDAYS =
  'https://calendar.google.com/calendar/embed?src=en.uk%23holiday%40group.v.calendar.google.com&ctz=Europe%2FLondon';

export const DEMO_TENANTS: readonly DemoTenant[] = [
  {
    name: 'Northwind Talent',
    slug: 'northwind-talent',
    tier: 'pro',
    primaryColor: '#0F766E',
    secondaryColor: '#F59E0B',
    people: [
      person('northwind-talent', 'admin', 'admin', 'Maya', 'Okafor', 'Managing Director'),
      person('northwind-talent', 'team', 'role1', 'Leo', 'Brandt', 'Senior Recruiter'),
      person('northwind-talent', 'client', 'role2', 'Priya', 'Nair', 'Product Designer'),
      person('northwind-talent', 'client2', 'role2', 'Jonas', 'Lind', 'Data Engineer'),
      person('northwind-talent', 'guest', 'role3', 'Tom', 'Becker', 'Hiring Manager'),
    ],
    files: [
      {
        title: 'Welcome to Northwind Talent',
        name: 'welcome.md',
        contentType: markdown,
        roles: ['role2', 'role3'],
        body: `# Welcome to Northwind Talent

This portal is where we share everything about your search with you.

- **Files** holds the documents we share with you, and the ones you send us.
- **Forms** are short questionnaires; the intake form helps us find the right roles for you.
- **Your dashboard** shows what is left to do.

Questions? Write to your recruiter, Leo Brandt, at any time.
`,
      },
      {
        title: 'Interview preparation guide',
        name: 'interview-preparation.md',
        contentType: markdown,
        roles: ['role2'],
        body: `# Interview preparation

1. Read the role description twice and note three things you would do in your first month.
2. Prepare two stories for each of: a difficult problem, a disagreement, a result you are proud of.
3. Write down the questions you want to ask them.
4. Test your camera and microphone the day before a video call.
`,
      },
      {
        title: 'Recruiter handbook',
        name: 'recruiter-handbook.md',
        contentType: markdown,
        roles: ['role1'],
        body: `# Recruiter handbook

- Reply to every candidate within one working day.
- Log each call in the candidate's notes the same day.
- Share role descriptions through the portal, never as email attachments.
`,
      },
      {
        title: 'Open roles this quarter',
        name: 'open-roles.csv',
        contentType: csv,
        roles: ['role1', 'role3'],
        body: 'role,team,location,salary band\nProduct Designer,Design,London,£55k–£65k\nData Engineer,Platform,Remote (UK),£60k–£75k\nEngineering Manager,Platform,London,£85k–£95k\n',
      },
      {
        title: 'Your shortlist',
        name: 'shortlist.md',
        contentType: markdown,
        roles: [],
        person: 'client',
        body: `# Your shortlist, Priya

| company | role | next step |
|---|---|---|
| Fjord Studio | Senior Product Designer | Portfolio review on Tuesday |
| Halcyon Health | Product Designer | Waiting for their reply |
`,
      },
    ],
    forms: [
      {
        title: 'Candidate intake',
        description: 'A few questions so we can find roles that fit you. It takes about three minutes.',
        status: 'published',
        roles: ['role2'],
        primary: '#0F766E',
        fields: [
          { id: 'current_role', type: 'short', label: 'What is your current role?', required: true },
          {
            id: 'work_mode',
            type: 'choice',
            label: 'How would you like to work?',
            required: true,
            options: ['Remote', 'Hybrid', 'On site'],
          },
          {
            id: 'office_city',
            type: 'short',
            label: 'Which city would you commute to?',
            logic: { whenQuestionId: 'work_mode', equals: 'On site' },
          },
          {
            id: 'strengths',
            type: 'multi',
            label: 'Where are you strongest?',
            options: ['Research', 'Interaction design', 'Visual design', 'Data', 'Leadership'],
          },
          {
            id: 'notice',
            type: 'dropdown',
            label: 'Notice period',
            options: ['None', 'Two weeks', 'One month', 'Three months'],
          },
          { id: 'start_date', type: 'date', label: 'Earliest start date' },
          { id: 'confidence', type: 'rating', label: 'How confident do you feel about interviewing?' },
          { id: 'anything_else', type: 'long', label: 'Anything else we should know?' },
        ],
        responses: [
          {
            person: 'client',
            answers: {
              current_role: 'Product Designer at Kite & Co',
              work_mode: 'Hybrid',
              strengths: ['Research', 'Interaction design'],
              notice: 'One month',
              start_date: '2027-01-11',
              confidence: 4,
              anything_else: 'I would like to stay in health or climate products.',
            },
          },
        ],
      },
      {
        title: 'Interview feedback',
        description: 'Tell us how the interview went, while it is fresh.',
        status: 'published',
        roles: ['role2', 'role3'],
        primary: '#F59E0B',
        fields: [
          { id: 'company', type: 'short', label: 'Which company did you meet?', required: true },
          { id: 'rating', type: 'rating', label: 'How did it go?', required: true },
          { id: 'notes', type: 'long', label: 'What stood out?' },
        ],
        responses: [],
      },
      {
        title: 'Weekly pipeline review',
        description: 'Draft: the team fills this in on Fridays once it is published.',
        status: 'draft',
        roles: ['role1'],
        primary: '#0F766E',
        fields: [
          { id: 'placed', type: 'short', label: 'Placements this week' },
          { id: 'blockers', type: 'long', label: 'What is blocking a placement?' },
        ],
        responses: [],
      },
    ],
    embeds: [
      {
        title: 'Our office',
        url: OFFICE_MAP,
        description: 'Where to find us for in-person interviews.',
        audience: { role: EMBED_AUDIENCE_ALL },
      },
      {
        title: 'Public holidays',
        url: PUBLIC_HOLIDAYS,
        description: 'UK bank holidays, for planning interviews.',
        audience: { role: 'role1' },
      },
    ],
  },
  {
    name: 'Bright Path Coaching',
    slug: 'bright-path-coaching',
    tier: 'advanced',
    primaryColor: '#7C3AED',
    secondaryColor: '#EC4899',
    people: [
      person('bright-path-coaching', 'admin', 'admin', 'Sofia', 'Marin', 'Founder'),
      person('bright-path-coaching', 'team', 'role1', 'Daniel', 'Cho', 'Career Coach'),
      person('bright-path-coaching', 'client', 'role2', 'Amara', 'Diallo', 'Operations Lead'),
      person('bright-path-coaching', 'guest', 'role3', 'Ruth', 'Evans', 'Mentor'),
    ],
    files: [
      {
        title: 'Coaching agreement',
        name: 'coaching-agreement.md',
        contentType: markdown,
        roles: ['role2'],
        body: `# Coaching agreement

- Six sessions of 50 minutes, every other week.
- Sessions can be moved with 24 hours' notice.
- What we discuss stays between us.
`,
      },
      {
        title: 'Session notes template',
        name: 'session-notes-template.md',
        contentType: markdown,
        roles: ['role1'],
        body: `# Session notes

**Client:**
**Date:**

## What we worked on

## Agreed next steps

## For next time
`,
      },
      {
        title: 'Goal tracker',
        name: 'goal-tracker.csv',
        contentType: csv,
        roles: [],
        person: 'client',
        body: 'goal,first step,by when,status\nLead the quarterly planning,Draft the agenda,2026-12-05,started\nSpeak at a team all-hands,Pick a topic,2027-01-15,not started\n',
      },
    ],
    forms: [
      {
        title: 'Coaching goals',
        description: 'Before our first session: where you are and where you want to be.',
        status: 'published',
        roles: ['role2'],
        primary: '#7C3AED',
        fields: [
          {
            id: 'focus',
            type: 'choice',
            label: 'What would you like to focus on?',
            required: true,
            options: ['A new role', 'Leadership', 'Balance', 'Something else'],
          },
          {
            id: 'focus_other',
            type: 'short',
            label: 'Tell us what it is',
            logic: { whenQuestionId: 'focus', equals: 'Something else' },
          },
          { id: 'energy', type: 'rating', label: 'How is your energy at work lately?' },
          { id: 'success', type: 'long', label: 'What would make these sessions a success for you?', required: true },
        ],
        responses: [
          {
            person: 'client',
            answers: {
              focus: 'Leadership',
              energy: 3,
              success: 'Feeling ready to lead planning for my team without second-guessing every decision.',
            },
          },
        ],
      },
    ],
    embeds: [
      {
        title: 'Find us',
        url: OFFICE_MAP,
        description: 'The studio where in-person sessions happen.',
        audience: { person: 'client' },
      },
    ],
  },
];
