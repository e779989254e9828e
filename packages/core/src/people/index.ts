/** The members of a workspace: managing them, their role types, and the plan's caps on them. */
export * from './people';
export * from './plan-caps';
export * from './role-types';
export * from './member-choices';
export { findPerson, lockPlanCaps, type PeopleFilters, type PersonRow } from './people-data';
