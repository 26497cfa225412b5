/**
 * The rating panel, when the request allows it (ratingEnabled): 1 to 5 stars
 * and a message; the server sets the type from the author's side (1 manager
 * about the provider, 0 provider about the manager). Each side rates once.
 * formik holds the values; the yup schema of forms.ts asks for a star, said
 * beside the stars, which take the focus.
 */
import { useFormik } from 'formik';
import type { InterventionDetailDto } from '../../../sync/index';
import { sendCommand } from '../../services/commands';
import { Button, TextArea } from '../../ui/controls';
import { errorId, focusField } from './form-focus';
import { emptyRating, ratingSchema, type RatingValues } from './forms';
import { interventionTexts as t } from './texts';

interface RatingLike {
  type?: number;
  globalRate: number;
  message?: string;
  mine?: boolean;
}

const STARS_ID = 'rating-stars';

export function RatingPanel({ intervention, docId, manager }: { intervention: InterventionDetailDto; docId: string; manager: boolean }) {
  const myType = manager ? 1 : 0;
  const ratings = (intervention.ratings ?? []) as RatingLike[];
  const mine = ratings.find((r) => r.mine || r.type === myType);
  const form = useFormik<RatingValues>({
    initialValues: emptyRating,
    validationSchema: ratingSchema,
    onSubmit: async (values) => {
      await sendCommand(
        'intervention.rate',
        { interventionId: docId, globalRate: values.rate, message: values.message.trim() },
        { success: t.thanksForRating },
      );
    },
  });
  const error = form.submitCount > 0 ? form.errors.rate : undefined;
  return (
    <section className="panel" aria-labelledby="rating-panel">
      <h2 id="rating-panel" className="panel__title">
        {manager ? t.rateProvider : t.rateManager}
      </h2>
      {mine ? (
        <p>
          <span className="stars" aria-label={t.rateOutOf5(mine.globalRate)}>
            {'★'.repeat(mine.globalRate)}
            {'☆'.repeat(5 - mine.globalRate)}
          </span>
          {mine.message ? <span className="muted">{t.ratingQuote(mine.message)}</span> : null}
        </p>
      ) : (
        <form
          className="stack rating-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void form.validateForm().then(async (errors) => {
              await form.submitForm();
              if (errors.rate) focusField(STARS_ID);
            });
          }}
        >
          <fieldset id={STARS_ID} className="stars-input" aria-describedby={error ? errorId(STARS_ID) : undefined}>
            <legend className="sr-only">{t.rateLegend}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={n <= form.values.rate ? 'on' : undefined}>
                <input
                  type="radio"
                  name="rate"
                  value={n}
                  checked={form.values.rate === n}
                  onChange={() => void form.setFieldValue('rate', n)}
                  className="sr-only"
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t.stars(n)}</span>
              </label>
            ))}
          </fieldset>
          {error ? (
            <p id={errorId(STARS_ID)} className="field__error" role="alert">
              {error}
            </p>
          ) : null}
          <TextArea label={t.comment} name="message" rows={2} value={form.values.message} onChange={form.handleChange} />
          <Button type="submit" disabled={form.isSubmitting}>
            {t.rate}
          </Button>
        </form>
      )}
    </section>
  );
}
