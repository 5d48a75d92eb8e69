// Reviews: the published ones from D1, and a form that stays on this device (nothing is sent; spec §2).
import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { parseWithZod } from "~/lib/forms";
import { useState } from "react";
import { useToast } from "~/components/ui/toaster";
import { formatRoDay } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { reviewSchema, type ReviewView } from "~/lib/schemas/review";
import { TEXTS } from "~/texts/user";

const LOCAL_REVIEWS_KEY = "localReviews";

function Stars({ rating }: { rating: number }) {
  return (
    <span className="stars" role="img" aria-label={TEXTS.reviews.stars(rating)}>
      {"★".repeat(rating)}
      <span className="stars-off">{"★".repeat(5 - rating)}</span>
    </span>
  );
}

export function ReviewsSection({ reviews }: { reviews: ReviewView[] }) {
  const t = TEXTS.reviews;
  const toast = useToast();
  const [rating, setRating] = useState(5);
  const [form, fields] = useForm({
    id: "review-form",
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate({ formData, submitter }) {
      const submission = parseWithZod(formData, { schema: reviewSchema });
      if (submitter && submission.status !== "success") {
        toast({ title: t.required, description: t.requiredMessage, variant: "destructive" });
      }
      return submission;
    },
    onSubmit(event, { submission }) {
      event.preventDefault();
      if (submission?.status !== "success") return;
      const stored = JSON.parse(window.localStorage.getItem(LOCAL_REVIEWS_KEY) ?? "[]") as unknown[];
      const review = { id: newId(), ...submission.value, date: new Date().toISOString(), verified: false };
      window.localStorage.setItem(LOCAL_REVIEWS_KEY, JSON.stringify([...stored, review].slice(-20)));
      event.currentTarget.reset();
      setRating(5);
      toast({ title: t.thanksTitle, description: t.thanksMessage, variant: "success", durationMs: 7_000 });
    },
  });

  return (
    <section className="reviews container" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t.title}</h2>
      {reviews.length === 0 ? (
        <p className="muted">{t.empty}</p>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review.id} className="review">
              <div className="review-head">
                <p className="review-name">{review.name}</p>
                <Stars rating={review.rating} />
              </div>
              <p className="review-comment">{review.comment}</p>
              <p className="review-meta">
                {formatRoDay(review.date)}
                {review.verified ? <span className="badge green">{t.verified}</span> : null}
              </p>
            </li>
          ))}
        </ul>
      )}

      <form {...getFormProps(form)} className="review-form" noValidate>
        <h3>{t.formTitle}</h3>
        <div className="review-form-grid">
          <div className="field">
            <label htmlFor={fields.name.id}>{t.name}</label>
            <input
              {...getInputProps(fields.name, { type: "text" })}
              className={`input${fields.name.errors ? " invalid" : ""}`}
              autoComplete="name"
            />
            {fields.name.errors ? <p className="field-error">{fields.name.errors[0]}</p> : null}
          </div>
          <fieldset className="field rating-field">
            <legend>{t.rating}</legend>
            <div className="rating-options">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className={`rating-option${n <= rating ? " on" : ""}`}>
                  <input
                    type="radio"
                    name={fields.rating.name}
                    value={n}
                    checked={rating === n}
                    onChange={() => setRating(n)}
                  />
                  <span aria-hidden="true">★</span>
                  <span className="visually-hidden">{t.stars(n)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        </div>
        <div className="field">
          <label htmlFor={fields.comment.id}>{t.comment}</label>
          <textarea
            {...getTextareaProps(fields.comment)}
            className={`input${fields.comment.errors ? " invalid" : ""}`}
            rows={3}
          />
          {fields.comment.errors ? <p className="field-error">{fields.comment.errors[0]}</p> : null}
        </div>
        <button type="submit" className="button primary">
          {t.submit}
        </button>
      </form>
    </section>
  );
}
