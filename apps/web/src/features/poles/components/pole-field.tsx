/**
 * One field of the pole (its label, tag, a register field or one of its attributes): Enter or
 * leaving the field saves,
 * Escape puts it back; a list (material) saves on choosing. Every save names the version the
 * typing began on (If-Match): when a teammate changed this field meanwhile, the conflict dialog
 * lets the user keep theirs or use their own; a change to another field is saved on top without
 * asking.
 */
import ClearIcon from "@mui/icons-material/Clear";
import { Alert, IconButton, InputAdornment, MenuItem, TextField } from "@mui/material";
import { conflictTexts, poleTexts, type PolePatchBody, type PoleRecord } from "@poleatlas/shared";
import { useRef, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { PoleConflict, usePatchPole } from "../api/patch-pole";
import { ConflictDialog } from "./conflict-dialog";

export type EditableField =
  "label" | "tag" | "material" | "height_m" | "class" | "installed_year" | "circuit";

/**
 * A value kept elsewhere than in a column of its own (an attribute): how it reads, and the patch
 * that sets it on a given pole (the pole a save builds on: the one typing began on, or after a
 * teammate's change to something else, theirs).
 */
export interface FieldSource {
  read: (pole: PoleRecord) => string;
  /** Null when the value cannot be read (the field says `notANumber`). */
  patch: (value: string, pole: PoleRecord) => PolePatchBody | null;
}

export interface PoleFieldProps {
  pole: PoleRecord;
  /** The column edited, or `source` for a value kept elsewhere. */
  field?: EditableField;
  source?: FieldSource;
  /** A button after the field that empties and saves it, named so (removing an attribute). */
  removeLabel?: string;
  label: string;
  placeholder?: string;
  maxLength?: number;
  /** The field takes a number ("" clears it). */
  numeric?: boolean;
  /** A list to choose from (value, name), instead of typing. */
  options?: readonly (readonly [string, string])[];
  /** What the conflict dialog calls the field (its label by default). */
  conflictLabel?: string;
  /** Says what was wrong with a number, by the field's name. */
  notANumber?: (field: string) => string;
}

const failure = (e: unknown) => (e instanceof ApiError && e.status < 500 ? e.message : poleTexts.saveFailed);

/** The field's value as the input holds it. */
const textOf = (pole: PoleRecord, field: EditableField | undefined, source?: FieldSource) => {
  if (source) return source.read(pole);
  const v = field === undefined ? null : pole[field];
  return v === null || v === undefined ? "" : String(v);
};

export function PoleField(props: PoleFieldProps) {
  const {
    pole,
    field,
    source,
    label,
    placeholder,
    maxLength,
    numeric = false,
    options,
    conflictLabel,
  } = props;
  const saved = textOf(pole, field, source);
  /** What the user typed; shown only while `dirty`, else the pole's own value (a teammate's too). */
  const [text, setText] = useState(saved);
  const [dirty, setDirty] = useState(false);
  /** The text in the field, for an answer that arrives after more was typed. */
  const typed = useRef(saved);
  const save = usePatchPole();
  const [error, setError] = useState<string | null>(null);
  /** The value on its way: Enter and then leaving the field save once. */
  const sending = useRef<string | null>(null);
  /** The pole as it was when typing began: a save names its version (If-Match). */
  const start = useRef({ text: saved, version: pole.version, pole });
  /** A teammate set another value meanwhile: theirs, until the user chooses. */
  const [conflict, setConflict] = useState<PoleRecord | null>(null);
  const edit = (value: string) => {
    if (!dirty) start.current = { text: saved, version: pole.version, pole };
    typed.current = value;
    setText(value);
    setDirty(true);
  };
  const patchOf = (value: string): PolePatchBody | null => {
    if (source) return source.patch(value, start.current.pole);
    if (field === undefined) return null;
    // A list's "not set" and an emptied number clear the field; an emptied text is "" (cleared too).
    if (value === "" && (numeric || options)) return { [field]: null };
    if (!numeric) return { [field]: value };
    const n = Number(value);
    if (!Number.isFinite(n)) return null;
    return { [field]: n };
  };
  const commit = () => {
    // The conflict dialog takes the focus, and that blur must not save over the teammate's value.
    if (!dirty || conflict) return;
    const value = text.trim();
    if (value === sending.current) return;
    if (value === saved) return setDirty(false);
    send(value);
  };
  const send = (value: string) => {
    const patch = patchOf(value);
    if (patch === null) return setError(props.notANumber?.(label) ?? poleTexts.saveFailed);
    sending.current = value;
    setError(null);
    save.mutateAsync({ id: pole.id, patch, version: start.current.version }).then(
      () => {
        if (sending.current === value) sending.current = null;
        // The answer is in the pole now; what was typed on since stays.
        if (typed.current.trim() === value) setDirty(false);
      },
      (e: unknown) => {
        if (sending.current === value) sending.current = null;
        if (e instanceof PoleConflict) {
          const typedOver = start.current.text;
          const now = textOf(e.current, field, source);
          start.current = { text: now, version: e.current.version, pole: e.current };
          // The field is what it was when typing began (only the version moved): save on top.
          if (now === typedOver) send(value);
          else setConflict(e.current);
          return;
        }
        setError(failure(e));
      },
    );
  };
  const remove = () => {
    edit("");
    send("");
  };
  const keepTheirs = () => {
    setConflict(null);
    setDirty(false);
  };
  const useMine = () => {
    setConflict(null);
    send(typed.current.trim());
  };
  return (
    <>
      {options ? (
        <TextField
          select
          size="small"
          label={label}
          value={dirty ? text : saved}
          onChange={(e) => {
            edit(e.target.value);
            if (e.target.value !== saved) send(e.target.value);
          }}
        >
          {options.map(([value, name]) => (
            <MenuItem key={value} value={value}>
              {name}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <TextField
          size="small"
          label={label}
          placeholder={placeholder}
          value={dirty ? text : saved}
          onChange={(e) => edit(e.target.value)}
          onBlur={() => commit()}
          onKeyDown={(e) => {
            if (e.key === "Enter") commit();
            if (e.key === "Escape") setDirty(false);
          }}
          slotProps={{
            htmlInput: { maxLength, ...(numeric ? { inputMode: "decimal" } : {}) },
            input: props.removeLabel
              ? {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton size="small" edge="end" aria-label={props.removeLabel} onClick={remove}>
                        <ClearIcon fontSize="small" />
                      </IconButton>
                    </InputAdornment>
                  ),
                }
              : undefined,
          }}
        />
      )}
      {error && <Alert severity="error">{error}</Alert>}
      <ConflictDialog
        open={conflict !== null}
        title={conflictTexts.poleTitle}
        who={conflict?.updated_by ?? null}
        when={conflict?.updated_at ?? null}
        rows={
          conflict
            ? [{ label: conflictLabel ?? label, theirs: textOf(conflict, field, source), yours: text.trim() }]
            : []
        }
        onKeepTheirs={keepTheirs}
        onUseMine={useMine}
      />
    </>
  );
}
