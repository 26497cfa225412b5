/**
 * The provider's appointment proposal (spec part 1 §5): start and end
 * (ui/date-input: dd/MM/yyyy HH:mm), an optional information. formik holds the values and the
 * yup schema of forms.ts says, as soon as both dates are set, that the end
 * must come after the start, beside 'Fin'; the end picker's minimum is the
 * start and 'Ajouter' is enabled only with both dates in order. Proposed
 * through the proposeAppointment operation: offline too.
 */
import { useFormik } from 'formik';
import { type InterventionDetailDto } from '../../../sync/index';
import { runOperation } from '../../services/commands';
import { Button, TextArea } from '../../ui/controls';
import { DateField } from '../../ui/date-input';
import { focusField } from './form-focus';
import { appointmentSchema, canPropose, emptyAppointment, firstInvalid, toProposal, type AppointmentValues } from './forms';
import { interventionTexts as t } from './texts';

const IDS = { start: 'appointment-start', end: 'appointment-end', information: 'appointment-information' } as const;
const ORDER = ['start', 'end', 'information'] as const;

export function ProposeForm({ intervention, docId }: { intervention: InterventionDetailDto; docId: string }) {
  const form = useFormik<AppointmentValues>({
    initialValues: emptyAppointment,
    validationSchema: appointmentSchema,
    onSubmit: async (values, helpers) => {
      if (await runOperation((e) => e.interventions.proposeAppointment(toProposal(values, docId, intervention.place)), { success: t.appointmentProposed }))
        helpers.resetForm();
    },
  });
  const v = form.values;
  return (
    <form
      className="panel stack"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void form.validateForm().then((errors) => {
          const first = firstInvalid(ORDER, errors);
          if (first) return focusField(IDS[first]);
          return form.submitForm();
        });
      }}
    >
      <h3 className="panel__title">{t.proposeTitle}</h3>
      <div className="grid-2">
        <DateField kind="datetime" id={IDS.start} label={t.start} name="start" value={v.start} onChange={(d) => void form.setFieldValue('start', d)} />
        <DateField
          kind="datetime"
          id={IDS.end}
          label={t.end}
          name="end"
          value={v.end}
          min={v.start || undefined}
          onChange={(d) => void form.setFieldValue('end', d)}
          error={form.errors.end}
        />
      </div>
      <TextArea id={IDS.information} label={t.appointmentInformation} name="information" value={v.information} rows={2} onChange={form.handleChange} />
      <Button type="submit" disabled={!canPropose(v) || form.isSubmitting}>
        {t.add}
      </Button>
    </form>
  );
}
