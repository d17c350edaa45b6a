// Texts the IP verify page shows (spec section 8: the page toasts status_message, else 'Something went wrong.').
export const delistSent = 'Your IP delist request was sent.';
export const invalidTarget = 'Enter a valid IPv4 or IPv6 address.';
export const captchaRequired = 'Please complete the captcha.';
export const captchaInvalid = 'Invalid captcha. Please try again.';
export const captchaUnavailable = 'The captcha could not be verified. Please try again.';
export const delistUnavailable = 'Delist requests are not available: no reputation zone is configured.';
export const notListedHere = 'This IP has no bad reputation in our zone: there is nothing to delist.';
export const delistCheckFailed = 'The reputation of this IP could not be checked. Please try again.';
export const tooManyRequests = (seconds: number) => `Too many requests. Try again in ${seconds} seconds.`;
