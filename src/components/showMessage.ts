import { toast, type Id } from 'react-toastify';

// Spec section 3: a message box has a messageType (error, warning, success) and a message.
export type MessageType = 'error' | 'warning' | 'success';
export type Message = { messageType: MessageType; message: string };

export function showMessage({ messageType, message }: Message): Id {
  return toast[messageType](message);
}
