// The forms of /admin/two-factor: start or cancel an enrolment, confirm it with a first code, disable
// two-factor with a current code (or a recovery code).
import * as z from "zod/mini";
import { twoFactorCodeSchema } from "./admin-invite";

export const twoFactorActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("start") }),
  z.object({ intent: z.literal("cancel") }),
  z.object({ intent: z.literal("confirm"), code: twoFactorCodeSchema }),
  z.object({ intent: z.literal("disable"), code: twoFactorCodeSchema }),
]);
