// The two-step sign-in (phone → 6-digit SMS code) of user spec §2/§4/§5, used by the dialog and by /login.
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { apiClient } from "~/lib/api-client";
import { parseWithZod } from "~/lib/forms";
import { useEffect, useRef, useState } from "react";
import { PHONE_MAX_LENGTH, SMS_CODE_LENGTH, normalizePhone, stripNonDigits } from "~/lib/phone";
import { registerPhoneSchema, verifySmsSchema, type PhoneFormVariant } from "~/lib/schemas/auth";
import { TEXTS } from "~/texts/user";
import { useToast } from "~/components/ui/toaster";
import { pushLocalSwitchContext } from "~/components/switching/switching-client";

export const RESEND_COOLDOWN_SECONDS = 60;

export interface SignedInUser {
  id: string;
  phone: string;
}

interface ApiAnswer {
  success?: boolean;
  message?: string;
  error?: string;
  user?: { id: string; phone?: string };
}

/** Each step is sent once (a retried code request would send a second SMS); the status decides. */
async function postJson(url: string, body: unknown): Promise<{ status: number; data: ApiAnswer }> {
  const answer = await apiClient().exchange(url, { method: "POST", body });
  return { status: answer.status, data: (answer.body ?? {}) as ApiAnswer };
}

export function SignInFlow({
  variant,
  onSignedIn,
}: {
  variant: PhoneFormVariant;
  onSignedIn: (user: SignedInUser) => void;
}) {
  const t = TEXTS.auth;
  const toast = useToast();
  const [step, setStep] = useState<"phone" | "code">("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [cooldown, setCooldown] = useState(0);
  const codeRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (cooldown <= 0) return;
    const timer = window.setTimeout(() => setCooldown((s) => s - 1), 1_000);
    return () => window.clearTimeout(timer);
  }, [cooldown]);

  useEffect(() => {
    if (step === "code") codeRef.current?.focus();
  }, [step]);

  const phoneInvalid = variant === "login" ? t.invalidPhoneLogin : t.invalidPhoneDialog;

  async function sendCode(phoneNumber: string, resend: boolean) {
    setBusy(true);
    try {
      const { status, data } = await postJson("/api/auth/register-phone", { phoneNumber });
      if (status >= 400 || !data.success) {
        toast({
          title: t.smsFailed.title,
          description: resend ? t.resendFailed : (data.message ?? t.smsFailed.message),
          variant: "destructive",
        });
        return false;
      }
      toast({ title: resend ? t.codeResent : t.codeSent, description: data.message, variant: "success" });
      setCooldown(RESEND_COOLDOWN_SECONDS);
      return true;
    } catch {
      toast({ title: t.smsFailed.title, description: resend ? t.resendFailed : t.smsFailed.message, variant: "destructive" });
      return false;
    } finally {
      setBusy(false);
    }
  }

  const [phoneForm, phoneFields] = useForm({
    id: `sign-in-phone-${variant}`,
    shouldValidate: "onSubmit",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: registerPhoneSchema(variant) });
      if (submitter && submission.status !== "success") {
        toast({ title: phoneInvalid.title, description: phoneInvalid.message, variant: "destructive" });
      }
      return submission;
    },
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const normalized = submission.value.phoneNumber;
      setPhone(normalized);
      if (await sendCode(normalized, false)) {
        setCode("");
        setStep("code");
      }
    },
  });

  const [codeForm, codeFields] = useForm({
    id: `sign-in-code-${variant}`,
    shouldValidate: "onSubmit",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: verifySmsSchema(variant) });
      if (submitter && submission.status !== "success") {
        toast({ title: t.invalidCode.title, description: t.invalidCode.message, variant: "destructive" });
      }
      return submission;
    },
    async onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      setBusy(true);
      try {
        const { status, data } = await postJson("/api/auth/verify-sms", submission.value);
        if (status >= 400 || !data.success || !data.user) {
          setCode("");
          // The code was right but an admin suspended or deactivated the account: not a wrong code.
          const blocked = data.error === "account_suspended" || data.error === "account_inactive";
          toast({
            title: blocked ? t.accountUnavailable : variant === "login" ? t.wrongCodeLogin : t.verifyFailed.title,
            description: data.message ?? t.verifyFailed.message,
            variant: "destructive",
          });
          return;
        }
        window.localStorage.setItem("userPhone", submission.value.phoneNumber);
        window.localStorage.setItem("userId", data.user.id);
        // An offer chosen while signed out is kept on the server from now on (docs/decisions/0007).
        await pushLocalSwitchContext();
        window.dispatchEvent(new Event("auth-changed"));
        toast({ title: t.signedIn, variant: "success" });
        onSignedIn({ id: data.user.id, phone: submission.value.phoneNumber });
      } catch {
        setCode("");
        toast({ title: t.verifyFailed.title, description: t.verifyFailed.message, variant: "destructive" });
      } finally {
        setBusy(false);
      }
    },
  });

  if (step === "phone") {
    return (
      <form {...getFormProps(phoneForm)} className="sign-in-form" noValidate>
        <div className="field">
          <label htmlFor={phoneFields.phoneNumber.id}>{t.phoneLabel}</label>
          <input
            {...getInputProps(phoneFields.phoneNumber, { type: "tel" })}
            className={`input${phoneFields.phoneNumber.errors ? " invalid" : ""}`}
            autoComplete="tel"
            inputMode="tel"
            placeholder={variant === "login" ? "+40712345678" : "07xx xxx xxx"}
            maxLength={PHONE_MAX_LENGTH}
            value={phone}
            onChange={(e) => setPhone(e.target.value.slice(0, PHONE_MAX_LENGTH))}
            onBlur={() => variant === "dialog" && phone && setPhone(normalizePhone(phone))}
          />
          <p className="hint">{t.phoneHint}</p>
          {phoneFields.phoneNumber.errors ? <p className="field-error">{phoneFields.phoneNumber.errors[0]}</p> : null}
        </div>
        <button type="submit" className="button primary wide" disabled={busy || phone.trim() === ""}>
          {busy ? <span className="spinner" aria-hidden="true" /> : null} {t.sendCode}
        </button>
      </form>
    );
  }

  return (
    <form {...getFormProps(codeForm)} className="sign-in-form" noValidate>
      <p className="sign-in-sent">{t.codeSentTo(phone)}</p>
      <input type="hidden" name={codeFields.phoneNumber.name} value={phone} />
      <div className="field">
        <label htmlFor={codeFields.verificationCode.id}>{t.codeLabel}</label>
        <input
          ref={codeRef}
          id={codeFields.verificationCode.id}
          name={codeFields.verificationCode.name}
          className={`input code-input${codeFields.verificationCode.errors ? " invalid" : ""}`}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={SMS_CODE_LENGTH}
          value={code}
          onChange={(e) => setCode(variant === "login" ? stripNonDigits(e.target.value) : e.target.value)}
        />
        {codeFields.verificationCode.errors ? (
          <p className="field-error">{codeFields.verificationCode.errors[0]}</p>
        ) : null}
      </div>
      <button type="submit" className="button primary wide" disabled={busy || code.length === 0}>
        {busy ? <span className="spinner" aria-hidden="true" /> : null} {t.verifyCode}
      </button>
      <div className="sign-in-secondary">
        <button
          type="button"
          className="link-button"
          onClick={() => {
            setStep("phone");
            setCode("");
            setCooldown(0);
          }}
        >
          {t.changeNumber}
        </button>
        <button
          type="button"
          className="link-button"
          disabled={cooldown > 0 || busy}
          onClick={() => void sendCode(phone, true)}
        >
          {cooldown > 0 ? t.resendIn(cooldown) : t.resend}
        </button>
      </div>
    </form>
  );
}
