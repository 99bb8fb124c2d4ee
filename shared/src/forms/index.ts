export { getPath, setPath, shiftRows, useForm } from './use-form';
export type { FieldBinding, FormApi, FormValues, ListApi, ListName, ListRow, UseFormOptions } from './use-form';
export { Field, FormAlert, SelectField, TextField } from './form-field';
export type { FieldControlProps, FieldProps, SelectFieldProps, TextFieldProps } from './form-field';
export { AmountInput, type AmountInputProps } from './amount-input';
export { FileInput, type FileInputProps } from './file-input';
