/**
 * The pole's other attributes in the record, the owner first (the attribute an import's "owner"
 * column makes). Members edit each one as a field of its own, saved by PoleField with the
 * conflict rule: a save sets that one name on the pole the typing began on, so a teammate's change
 * to another attribute is kept, and one to the same attribute is asked about. Emptying a field
 * (or its remove button) removes the attribute; a new one is added by name and value. Viewers
 * see the values only.
 */
import { Alert, Box, Button, Stack, TextField, Typography } from "@mui/material";
import {
  MAX_ATTRIBUTE_NAME_LENGTH,
  MAX_ATTRIBUTE_VALUE_LENGTH,
  poleRecordTexts as t,
  poleTexts,
  type PoleAttributes,
  type PoleRecord,
} from "@poleatlas/shared";
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "../../../lib/api-client";
import { PoleConflict, usePatchPole } from "../api/patch-pole";
import { PoleField, type FieldSource } from "./pole-field";

/** The attribute that holds the owner: one named "owner" in any case, else "owner" once set. */
export const ownerKey = (attributes: PoleAttributes): string =>
  Object.keys(attributes).find((k) => k.toLowerCase() === "owner") ?? "owner";

const valueOf = (attributes: PoleAttributes, key: string): string =>
  Object.hasOwn(attributes, key) ? String(attributes[key]) : "";

/**
 * The attributes with `key` set to `text` ("" removes it), the others as they are and in their
 * order; a number stays a number while the text is one.
 */
export function withAttribute(attributes: PoleAttributes, key: string, text: string): PoleAttributes {
  const value = typeof attributes[key] === "number" && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
  const entries = Object.entries(attributes).filter(([k]) => k !== key || text !== "");
  const at = entries.findIndex(([k]) => k === key);
  if (text !== "") {
    if (at === -1) entries.push([key, value]);
    else entries[at] = [key, value];
  }
  // From entries, so that no name (not even "__proto__") is anything but a name.
  return Object.fromEntries(entries);
}

const attributeSource = (key: string): FieldSource => ({
  read: (pole) => valueOf(pole.attributes, key),
  patch: (value, pole) => ({ attributes: withAttribute(pole.attributes, key, value) }),
});

function NewAttribute({ pole }: { pole: PoleRecord }) {
  const [name, setName] = useState("");
  const [value, setValue] = useState("");
  const [error, setError] = useState<string | null>(null);
  const save = usePatchPole();
  const add = (on: PoleRecord, key: string, text: string): Promise<unknown> =>
    save
      .mutateAsync({
        id: on.id,
        patch: { attributes: withAttribute(on.attributes, key, text) },
        version: on.version,
      })
      .catch((e: unknown) => {
        // A teammate changed the pole meanwhile: add on top of theirs, unless they added the name.
        if (e instanceof PoleConflict && !Object.hasOwn(e.current.attributes, key))
          return add(e.current, key, text);
        throw e instanceof PoleConflict ? new Error(t.attributeTwice(key)) : e;
      });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const key = name.trim();
    const text = value.trim();
    if (key === "") return setError(t.attributeNameEmpty);
    if (text === "") return setError(t.attributeValueEmpty(key));
    if (Object.hasOwn(pole.attributes, key)) return setError(t.attributeTwice(key));
    setError(null);
    add(pole, key, text).then(
      () => {
        setName("");
        setValue("");
      },
      (err: unknown) =>
        setError(
          err instanceof Error && !(err instanceof ApiError && err.status >= 500)
            ? err.message
            : poleTexts.saveFailed,
        ),
    );
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack direction="row" spacing={1} sx={{ alignItems: "flex-start" }}>
        <TextField
          size="small"
          label={t.attributeName}
          value={name}
          onChange={(e) => setName(e.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_ATTRIBUTE_NAME_LENGTH } }}
        />
        <TextField
          size="small"
          label={t.attributeValue}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          slotProps={{ htmlInput: { maxLength: MAX_ATTRIBUTE_VALUE_LENGTH } }}
        />
        <Button type="submit" variant="outlined" disabled={save.isPending} sx={{ flexShrink: 0 }}>
          {t.addAttribute}
        </Button>
      </Stack>
      {error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      )}
    </Box>
  );
}

export function PoleAttributeFields({ pole, readOnly = false }: { pole: PoleRecord; readOnly?: boolean }) {
  const headingId = useId();
  const owner = ownerKey(pole.attributes);
  const others = Object.keys(pole.attributes).filter((k) => k !== owner);
  if (readOnly) {
    const shown: [string, string][] = [
      ...(Object.hasOwn(pole.attributes, owner)
        ? [[t.owner, valueOf(pole.attributes, owner)] as [string, string]]
        : []),
      ...others.map((k) => [k, valueOf(pole.attributes, k)] as [string, string]),
    ];
    if (shown.length === 0) return null;
    return (
      <Box component="section" aria-labelledby={headingId}>
        <Typography id={headingId} variant="overline" color="text.secondary" component="h3">
          {t.attributes}
        </Typography>
        <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2 }}>
          {shown.map(([key, text]) => (
            <Box key={key} sx={{ display: "contents" }}>
              <Typography variant="body2" component="dt" color="text.secondary">
                {key}
              </Typography>
              <Typography variant="body2" component="dd" sx={{ m: 0 }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
    );
  }
  return (
    <Stack component="section" aria-labelledby={headingId} spacing={1.5}>
      <Typography id={headingId} variant="overline" color="text.secondary" component="h3">
        {t.attributes}
      </Typography>
      <PoleField
        key={`owner-${pole.id}`}
        pole={pole}
        source={attributeSource(owner)}
        label={t.owner}
        maxLength={MAX_ATTRIBUTE_VALUE_LENGTH}
      />
      {others.map((key) => (
        <PoleField
          key={`attribute-${pole.id}-${key}`}
          pole={pole}
          source={attributeSource(key)}
          label={key}
          maxLength={MAX_ATTRIBUTE_VALUE_LENGTH}
          removeLabel={t.removeAttribute(key)}
        />
      ))}
      <NewAttribute key={`new-${pole.id}`} pole={pole} />
    </Stack>
  );
}
