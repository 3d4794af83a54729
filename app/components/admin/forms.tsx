/*
 * Buttons of the admin pages. The form controls are the one form kit shared with the public site
 * (app/components/form/): re-exported here so that admin views keep one import.
 */

export {
  CheckboxField,
  FormError,
  inputClasses,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/form/fields";
export { checkboxFor, type FieldErrors, fieldsFor } from "~/components/form/form-fields";

const button =
  "inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

export const buttonClasses = {
  primary: `${button} bg-blue-700 text-white hover:bg-blue-800 focus-visible:outline-blue-700`,
  secondary: `${button} border border-slate-400 bg-white text-slate-800 hover:bg-slate-50 focus-visible:outline-slate-600`,
  danger: `${button} bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700`,
  dangerOutline: `${button} border border-red-300 bg-white text-red-800 hover:bg-red-50 focus-visible:outline-red-700`,
  small:
    "inline-flex items-center justify-center rounded-md border border-slate-400 bg-white px-2.5 py-1 text-xs font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-50",
};
