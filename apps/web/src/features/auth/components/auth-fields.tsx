import { TextField } from "@mui/material";

interface FieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  required?: boolean;
  autoFocus?: boolean;
}

/** The auth screens' inputs: full width, id = name so labels, browsers and tests find them. */
function AuthField({
  name,
  onChange,
  ...rest
}: FieldProps & { type: string; autoComplete: string; helperText?: string }) {
  return <TextField id={name} name={name} {...rest} onChange={(e) => onChange(e.target.value)} fullWidth />;
}

export function EmailField(props: FieldProps) {
  return <AuthField {...props} type="email" autoComplete="email" />;
}

/** A new password's field says the password rule under it (the server's rule, word for word). */
export function PasswordField(
  props: FieldProps & { autoComplete: "current-password" | "new-password"; helperText?: string },
) {
  return <AuthField {...props} type="password" />;
}
