import { Form, Link } from "react-router";
import { buttonClasses, SelectField, TextField } from "~/components/admin/forms";
import { Panel } from "~/components/admin/page";

/*
 * A list's filters: a GET form (the view lives in the URL, so back, refresh and a shared link
 * show the same list; it works without JavaScript), its fields from the form kit, a submit
 * button and a link back to the unfiltered list.
 */

export function ListFilters({
  label,
  action,
  className,
  submitLabel = "Apply",
  reset,
  children,
}: {
  /** Names the form as the page's search landmark; without it the form is no landmark. */
  label?: string;
  action?: string;
  /** The grid the fields and buttons sit in. */
  className: string;
  submitLabel?: string;
  /** The link to the list without filters (left out when there is nothing to clear). */
  reset?: { to: string; label: string } | null;
  children: React.ReactNode;
}) {
  return (
    <Panel className="mb-6">
      <Form
        method="get"
        action={action}
        role={label ? "search" : undefined}
        aria-label={label}
        className={className}
      >
        {children}
        <div className="flex gap-2">
          <button type="submit" className={buttonClasses.primary}>
            {submitLabel}
          </button>
          {reset ? (
            <Link to={reset.to} className={buttonClasses.secondary}>
              {reset.label}
            </Link>
          ) : null}
        </div>
      </Form>
    </Panel>
  );
}

/** A filter's search box. Keyed by its value, so back and forward show the URL's search. */
export function SearchFilter(props: {
  id?: string;
  label?: string;
  name?: string;
  value: string;
  maxLength: number;
  placeholder: string;
}) {
  const { id, label = "Search", name = "q", value, maxLength, placeholder } = props;
  return (
    <TextField
      key={value}
      id={id}
      label={label}
      name={name}
      type="search"
      defaultValue={value}
      maxLength={maxLength}
      placeholder={placeholder}
    />
  );
}

/** A filter's choice. Keyed by its value, so back and forward show the URL's choice. */
export function ChoiceFilter(props: {
  id?: string;
  label: string;
  name: string;
  value: string;
  options: readonly { value: string; label: string }[];
}) {
  const { id, label, name, value, options } = props;
  return (
    <SelectField
      key={value}
      id={id}
      label={label}
      name={name}
      defaultValue={value}
      options={options}
    />
  );
}
