import { z } from 'zod';
import { normalizeHttpUrl } from '../urls';

/*
 * The contact info of an account (PUT /api/profile): the API validates the body with this schema
 * and the settings form validates what is typed with the same one, so both say the same sentence.
 */

/** An email address as an account is keyed by it: trimmed and lower-cased. */
export const emailField = z
  .string({ error: 'Email is required.' })
  .trim()
  .min(1, 'Email is required.')
  .max(320, 'Email is too long.')
  .pipe(z.email({ error: 'Enter a valid email address.' }))
  .transform((v) => v.toLowerCase());

/**
 * A new password; `label` names the field in its sentences. Its length and complexity are the
 * platform's policy (Super Settings, Security), checked by the service that stores it.
 */
export const passwordField = (label = 'Password') =>
  z
    .string({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .max(200, `${label} is too long.`);

/** Text that must be given, trimmed, up to `max` characters. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

/** Optional text up to `max` characters; empty is stored as null. */
export const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => (v ? v : null));

/** An optional web address (http or https), stored in its normalised form; empty is null. */
export const httpUrl = (label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(500, `${label} is too long.`)
    .refine(
      (v) => v === '' || /^https?:\/\/[^\s]+\.[^\s]+$/i.test(v),
      `${label} must be a web address starting with http:// or https://.`,
    )
    .nullish()
    .transform((v) => (v ? (normalizeHttpUrl(v) ?? v) : null));

export const profileBody = z.object({
  first_name: optionalText('First name', 100).optional(),
  last_name: optionalText('Last name', 100).optional(),
  phone: optionalText('Phone', 40)
    .refine((v) => v == null || /^[+()0-9 .-]+$/.test(v), 'Phone may contain only digits, spaces and + ( ) . -')
    .refine((v) => v == null || v.replace(/\D/g, '').length >= 3, 'Phone must have at least 3 digits.')
    .optional(),
  linkedin: httpUrl('LinkedIn URL').optional(),
  title: optionalText('Title', 100).optional(),
});

/** The names a new account must give before it goes on (PUT /api/profile from /complete-profile). */
export const completeProfileBody = profileBody
  .pick({ linkedin: true })
  .extend({ first_name: requiredText('First name', 100), last_name: requiredText('Last name', 100) });

/** What the contact-info form holds (text as typed) and what the API stores after parsing it. */
export type ProfileInput = z.input<typeof profileBody>;
export type ProfileChangesBody = z.output<typeof profileBody>;
