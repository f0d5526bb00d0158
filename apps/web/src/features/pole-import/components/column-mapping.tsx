/**
 * The columns of the file and the field each fills, as the dry run read them: shown before
 * anything is written, and changed here (the dialog then checks the file again with the change).
 */
import {
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from "@mui/material";
import {
  IMPORT_FIELDS,
  poleImportSetupTexts as texts,
  type ImportField,
  type ImportMapping,
} from "@poleatlas/shared";

export interface ColumnMappingProps {
  mapping: ImportMapping;
  onChange: (next: ImportMapping) => void;
  disabled?: boolean;
}

export function ColumnMapping({ mapping, onChange, disabled }: ColumnMappingProps) {
  const columns = Object.keys(mapping);
  if (columns.length === 0) return null;
  return (
    <Stack spacing={1} component="section" aria-labelledby="pole-import-mapping-title">
      <Typography id="pole-import-mapping-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {texts.mappingTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {texts.mappingHelp}
      </Typography>
      <Table size="small" aria-labelledby="pole-import-mapping-title">
        <TableHead>
          <TableRow>
            <TableCell>{texts.mappingColumn}</TableCell>
            <TableCell>{texts.mappingField}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {columns.map((column) => (
            <TableRow key={column}>
              <TableCell component="th" scope="row" sx={{ overflowWrap: "anywhere" }}>
                {column}
              </TableCell>
              <TableCell>
                {/* A native select: the keyboard's arrows and letters work as everywhere. */}
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={mapping[column]}
                  disabled={disabled}
                  onChange={(e) => onChange({ ...mapping, [column]: e.target.value as ImportField })}
                  slotProps={{
                    select: { native: true },
                    htmlInput: { "aria-label": texts.mappingFieldOf(column) },
                  }}
                >
                  {IMPORT_FIELDS.map((field) => (
                    <option key={field} value={field}>
                      {texts.fields[field]}
                    </option>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
