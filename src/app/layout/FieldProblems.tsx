import { FieldError } from './modalForm';

/** A field's messages, outside its label (so they are not part of its name) and tied to it by id. */
export function FieldProblems({ id, messages }: { id: string; messages: string[] }) {
  const shown = messages.filter(Boolean);
  if (shown.length === 0) return null;
  return (
    <FieldError id={id} role="alert">
      {shown.join(' ')}
    </FieldError>
  );
}
