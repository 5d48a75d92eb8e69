// remix-auth strategy for the user sign-in: reads {phoneNumber, verificationCode} from a JSON body or
// a form, validates it with the shared schema and hands it to the verify callback, which checks the
// code. Failures are thrown as AuthFailure (remix-auth strategies return a user or throw).
import { Strategy } from "remix-auth/strategy";
import { verifySmsSchema, type PhoneFormVariant } from "../../lib/schemas/auth";
import { TEXTS } from "../../texts/user";
import { readPayload } from "../http/request-body.server";
import { AuthFailure } from "./errors.server";
import { requestInfo, type RequestInfo } from "./request-info.server";

export interface PhoneOtpVerifyParams {
  phone: string;
  code: string;
  info: RequestInfo;
  request: Request;
}

export class PhoneOtpStrategy<User> extends Strategy<User, PhoneOtpVerifyParams> {
  name = "phone-otp";

  constructor(
    verify: Strategy.VerifyFunction<User, PhoneOtpVerifyParams>,
    private readonly options: { variant?: PhoneFormVariant } = {},
  ) {
    super(verify);
  }

  async authenticate(request: Request): Promise<User> {
    const parsed = verifySmsSchema(this.options.variant ?? "dialog").safeParse(await readPayload(request));
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message }));
      const phoneIssue = issues.some((issue) => issue.path === "phoneNumber");
      const title = phoneIssue
        ? this.options.variant === "login"
          ? TEXTS.auth.invalidPhoneLogin.title
          : TEXTS.auth.invalidPhoneDialog.title
        : TEXTS.auth.invalidCode.title;
      throw new AuthFailure({
        code: phoneIssue ? "invalid_phone" : "invalid_code",
        status: 400,
        message: issues[0]?.message ?? TEXTS.auth.invalidCode.message,
        title,
        issues,
      });
    }
    return this.verify({
      phone: parsed.data.phoneNumber,
      code: parsed.data.verificationCode,
      info: requestInfo(request),
      request,
    });
  }
}
