/** One create/update as the form holds it: the sender, the logo file if one was chosen, the networks to keep. */
export type SenderSave = { id: number | null; name: string; file: File | null; networks: string[] };
