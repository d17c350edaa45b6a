import { errorMessage } from '../../api/errors';
import { createSender, replaceNetworks, updateSender, uploadLogo } from './emailSendersApi';
import type { EmailSender } from './emailSendersApi';
import type { SenderSave } from './senderSave';

export type SaveStep = 'sender' | 'logo' | 'networks';

/** A failed step of a save; keeps the call's response so the resource can record status and body. */
export class SaveStepError extends Error {
  readonly step: SaveStep;
  readonly cause: unknown;
  readonly response: unknown;
  constructor(step: SaveStep, cause: unknown) {
    super(`email sender ${step} step failed`);
    this.step = step;
    this.cause = cause;
    this.response = (cause as { response?: unknown } | null)?.response;
  }
}

async function step<T>(name: SaveStep, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new SaveStepError(name, error);
  }
}

/**
 * Spec section 4: save the sender, upload the logo if a file was chosen, then save the networks. A failure
 * at any step (the networks step included) fails the whole operation.
 */
export async function saveSender(p: SenderSave): Promise<EmailSender> {
  const sender = await step('sender', () =>
    p.id === null ? createSender(p.name) : updateSender(p.id, p.name),
  );
  const id = Number(sender.id);
  if (p.file) await step('logo', () => uploadLogo(id, p.file!));
  await step('networks', () => replaceNetworks(id, p.networks));
  return sender;
}

export type SaveMessages = { failed: string; networksOnCreate: string; networks: string };

/** Spec section 8: the message of a failed save, by step. */
export function saveFailureMessage(error: unknown, p: SenderSave, m: SaveMessages): string {
  if (error instanceof SaveStepError && error.step === 'networks')
    return p.id === null ? m.networksOnCreate : m.networks;
  const cause = error instanceof SaveStepError ? error.cause : error;
  return errorMessage(cause, m.failed, { from: 'allFields' });
}
