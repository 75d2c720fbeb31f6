/**
 * Form fields as people type them, read strictly, and the markup that shows a field with its
 * label, hint and error beside it (linked for assistive technology with aria-describedby).
 */
import { parseDecimalToPence } from '../domain/money-parse.ts';
import type { Problem } from '../domain/errors.ts';
import { inWords } from './format.ts';
import { html, type VNode } from './html.ts';

/** A form body (urlencoded) as single strings: the first value of a repeated field, '' when absent. */
export function formValues(body: unknown): Record<string, string> {
  const values: Record<string, string> = {};
  if (body && typeof body === 'object') {
    for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (typeof first === 'string') values[key] = first;
    }
  }
  return values;
}

export type FieldErrors = Record<string, string>;

/** Pence from "£250,000", "250000.50" or "-1,200"; an error in words when it is not money. */
export function readMoney(raw: string, label: string, options: { required?: boolean; allowNegative?: boolean } = {}): { pence: number | null; error?: string } {
  const text = raw.trim().replace(/\s+/g, '');
  if (text === '') return options.required ? { pence: null, error: `Enter the ${label}` } : { pence: null };
  if (text.length > 30) return { pence: null, error: `Enter the ${label} as a number of pounds` };
  const pence = parseDecimalToPence(text);
  if (pence === null) return { pence: null, error: `Enter the ${label} as an amount in pounds, like 150000 or 150,000.50` };
  if (pence < 0 && !options.allowNegative) return { pence: null, error: `The ${label} must be £0 or more` };
  return { pence };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const UK_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

/** A calendar date from "2019-03-01" (a date input) or "1/3/2019" (typed by hand). */
export function readDate(raw: string, label: string): { date: string | null; error?: string } {
  const text = raw.trim();
  if (text === '') return { date: null, error: `Enter ${label}` };
  let year: number;
  let month: number;
  let day: number;
  const iso = ISO_DATE.exec(text);
  const uk = UK_DATE.exec(text);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (uk) [day, month, year] = [Number(uk[1]), Number(uk[2]), Number(uk[3])];
  else return { date: null, error: `Enter ${label} as a date, like 2019-03-01` };
  const candidate = new Date(Date.UTC(year, month - 1, day));
  if (candidate.getUTCFullYear() !== year || candidate.getUTCMonth() !== month - 1 || candidate.getUTCDate() !== day) {
    return { date: null, error: `Enter ${label} as a real date` };
  }
  return { date: `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}` };
}

/** Text a person typed: trimmed, bounded, without control characters PostgreSQL or a page cannot take. */
export function readText(raw: string, label: string, options: { required?: boolean; maxLength: number }): { text: string | null; error?: string } {
  const text = raw.replace(/\r\n/g, '\n').trim();
  if (text === '') return options.required ? { text: null, error: `Enter ${label}` } : { text: null };
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text) || !text.isWellFormed())
    return { text: null, error: `${label} contains characters we cannot store` };
  if ([...text].length > options.maxLength) return { text: null, error: `${label} must be at most ${options.maxLength} characters` };
  return { text };
}

/** Field errors keyed by form field name, from a domain refusal whose pointers name the fields. */
export function fieldErrorsFrom(problems: Problem[], fieldOfPointer: Record<string, string>, fallbackField: string): FieldErrors {
  const errors: FieldErrors = {};
  for (const problem of problems) {
    const pointer = problem.source?.pointer ?? problem.source?.parameter ?? '';
    const field = fieldOfPointer[pointer] ?? fallbackField;
    const words = inWords(problem.detail);
    errors[field] ??= words.charAt(0).toUpperCase() + words.slice(1);
  }
  return errors;
}

/** The label, hint and error around a control, and the ids that tie them to it. */
function FieldFrame(props: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  describedBy?: string;
  control: (describedBy: string | undefined) => VNode;
}): VNode {
  const { id } = props;
  const described = [props.describedBy, props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return html`<div class="field">
    <label for=${id}>${props.label}</label>
    ${props.hint ? html`<span class="hint" id=${`${id}-hint`}>${props.hint}</span>` : null}
    ${props.error ? html`<span class="field-error" id=${`${id}-error`}><span class="visually-hidden">Error: </span>${props.error}</span>` : null}
    ${props.control(described)}
  </div>`;
}

export interface FieldProps {
  name: string;
  /** The control's id when a page has several forms with this field (one a row); `field-{name}` otherwise. */
  id?: string;
  /** Ids of what else describes the control, such as the row a row's form acts on. */
  describedBy?: string;
  label: string;
  value?: string;
  error?: string;
  hint?: string;
  type?: 'text' | 'date' | 'email' | 'password' | 'file';
  inputmode?: 'decimal' | 'numeric' | 'email';
  autocomplete?: string;
  required?: boolean;
  accept?: string;
}

/** A labelled input, its hint and its error beside it. */
export function Field(props: FieldProps): VNode {
  const id = props.id ?? `field-${props.name}`;
  return FieldFrame({
    id,
    label: props.label,
    hint: props.hint,
    error: props.error,
    describedBy: props.describedBy,
    control: (described) => html`<input
      id=${id}
      name=${props.name}
      type=${props.type ?? 'text'}
      value=${props.type === 'file' || props.type === 'password' ? undefined : (props.value ?? '')}
      inputmode=${props.inputmode}
      autocomplete=${props.autocomplete}
      accept=${props.accept}
      required=${props.required ? true : undefined}
      aria-invalid=${props.error ? 'true' : undefined}
      aria-describedby=${described}
    />`,
  });
}

/** A labelled select. */
export function SelectField(props: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  value?: string;
  error?: string;
  hint?: string;
}): VNode {
  const id = `field-${props.name}`;
  return FieldFrame({
    id,
    label: props.label,
    hint: props.hint,
    error: props.error,
    control: (described) => html`<select id=${id} name=${props.name} aria-invalid=${props.error ? 'true' : undefined} aria-describedby=${described}>
      ${props.options.map((o) => html`<option value=${o.value} selected=${o.value === props.value}>${o.label}</option>`)}
    </select>`,
  });
}

/** A checkbox with its label beside it (value "yes" when ticked), its hint and its error. */
export function CheckboxField(props: { name: string; label: string; checked?: boolean; error?: string; hint?: string }): VNode {
  const id = `field-${props.name}`;
  const described = [props.hint ? `${id}-hint` : null, props.error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  return html`<div class="field checkbox">
    ${props.error ? html`<span class="field-error" id=${`${id}-error`}><span class="visually-hidden">Error: </span>${props.error}</span>` : null}
    <div class="checkbox-row">
      <input
        id=${id}
        name=${props.name}
        type="checkbox"
        value="yes"
        checked=${props.checked ? true : undefined}
        aria-invalid=${props.error ? 'true' : undefined}
        aria-describedby=${described}
      />
      <label for=${id}>${props.label}</label>
    </div>
    ${props.hint ? html`<span class="hint" id=${`${id}-hint`}>${props.hint}</span>` : null}
  </div>`;
}

/** A summary of the errors at the top of a form, each linking to its field (`field-{name}`, unless `idOf` says). */
export function ErrorSummary({ errors, idOf }: { errors: FieldErrors; idOf?: (field: string) => string }): VNode | null {
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return html`<div class="notice bad" role="alert">
    <h2>There is a problem</h2>
    <ul>
      ${entries.map(([field, message]) => html`<li><a href=${`#${idOf ? idOf(field) : `field-${field}`}`}>${message}</a></li>`)}
    </ul>
  </div>`;
}
