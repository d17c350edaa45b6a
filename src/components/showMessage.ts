import { toast, type Id } from 'react-toastify';
import i18n from '../i18n';

// Spec section 3: a message box has a messageType (error, warning, success) and a message.
export type MessageType = 'error' | 'warning' | 'success';
export type Message = { messageType: MessageType; message: string };

// Messages of one type that come in a burst (adding twelve domains) share one toast that counts them,
// rather than stacking a box per message; a pause longer than this starts a new toast.
export const burstWindowMs = 2000;
type Burst = { id: Id; first: string; count: number; at: number };
const bursts = new Map<MessageType, Burst>();

export function showMessage({ messageType, message }: Message, now = Date.now()): Id {
  const burst = bursts.get(messageType);
  if (burst && now - burst.at < burstWindowMs && toast.isActive(burst.id)) {
    burst.count += 1;
    burst.at = now;
    const render = i18n.t('components:components.toasts.burst', {
      message: burst.first,
      count: burst.count - 1,
    });
    toast.update(burst.id, { render });
    return burst.id;
  }
  const id = toast[messageType](message);
  bursts.set(messageType, { id, first: message, count: 1, at: now });
  return id;
}
