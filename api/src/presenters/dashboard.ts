import type { RecentMember } from '@portico/common';
import type { MemberChoice } from '@portico/core';

export function presentRecentMember(member: MemberChoice): RecentMember {
  const { joined_at, last_sign_in_at, ...rest } = member;
  return { ...rest, created_at: joined_at.toISOString(), last_sign_in_at: last_sign_in_at?.toISOString() ?? null };
}
