export { useForm } from './use-form';
export type { FieldBinding, FormApi, UseFormOptions } from './use-form';
export { FormAlert, SelectField, TextField } from './form-field';
export type { SelectFieldProps, TextFieldProps } from './form-field';
