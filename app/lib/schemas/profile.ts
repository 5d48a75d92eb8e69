// PUT /api/users/profile/me and the /profil form: first name, last name, e-mail. The phone is
// read-only (user spec §2, §5). PUT replaces all three: a missing or empty field clears it (conform
// turns empty inputs into missing fields, so "missing = unchanged" would make clearing impossible).
import * as z from "zod/mini";
import { TEXTS } from "../../texts/user";

export const NAME_MAX_LENGTH = 50;
// Letters of any script (Romanian diacritics included), with spaces, hyphens and apostrophes between.
const NAME = /^\p{L}+(?:[ '\u2019-]\p{L}+)*$/u;

const optionalName = z.pipe(
  z.pipe(
    z.string({ error: TEXTS.profile.invalidName }).check(z.trim()),
    z.transform((value) => value.replace(/\s+/g, " ")),
  ).check(
    z.maxLength(NAME_MAX_LENGTH, TEXTS.profile.invalidName),
    z.refine((value) => value === "" || NAME.test(value), TEXTS.profile.invalidName),
  ),
  z.transform((value) => value || null),
);

const emailFormat = z.email();
const optionalEmail = z.pipe(
  z
    .string({ error: TEXTS.profile.invalidEmail })
    .check(
      z.trim(),
      z.maxLength(254, TEXTS.profile.invalidEmail),
      z.refine((value) => value === "" || emailFormat.safeParse(value).success, TEXTS.profile.invalidEmail),
    ),
  z.transform((value) => value.toLowerCase() || null),
);

const clearable = <T>(field: z.ZodMiniType<T | null>) =>
  z.pipe(z.nullish(field), z.transform((v) => v ?? null));

export const profileUpdateSchema = z.object({
  first_name: clearable(optionalName),
  last_name: clearable(optionalName),
  email: clearable(optionalEmail),
});

export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
