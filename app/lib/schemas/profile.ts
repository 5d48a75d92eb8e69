// PUT /api/users/profile/me and the /profil form: first name, last name, e-mail. The phone is
// read-only (user spec §2, §5). PUT replaces all three: a missing or empty field clears it (conform
// turns empty inputs into missing fields, so "missing = unchanged" would make clearing impossible).
import { z } from "zod";
import { TEXTS } from "../texts";

export const NAME_MAX_LENGTH = 50;
// Letters of any script (Romanian diacritics included), with spaces, hyphens and apostrophes between.
const NAME = /^\p{L}+(?:[ '\u2019-]\p{L}+)*$/u;

const optionalName = z
  .string({ error: TEXTS.profile.invalidName })
  .trim()
  .transform((value) => value.replace(/\s+/g, " "))
  .pipe(
    z
      .string()
      .max(NAME_MAX_LENGTH, TEXTS.profile.invalidName)
      .refine((value) => value === "" || NAME.test(value), TEXTS.profile.invalidName),
  )
  .transform((value) => value || null);

const optionalEmail = z
  .string({ error: TEXTS.profile.invalidEmail })
  .trim()
  .max(254, TEXTS.profile.invalidEmail)
  .refine((value) => value === "" || z.email().safeParse(value).success, TEXTS.profile.invalidEmail)
  .transform((value) => value.toLowerCase() || null);

export const profileUpdateSchema = z.object({
  first_name: optionalName.nullish().transform((v) => v ?? null),
  last_name: optionalName.nullish().transform((v) => v ?? null),
  email: optionalEmail.nullish().transform((v) => v ?? null),
});

export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;
