// The delist answer's status_message (spec section 8: the IP verify page toasts it; the SPA words it from
// its own catalogue). Refusals are codes of the errors catalogue (locales/<lang>/errors.json).
export const delistSent = 'Your IP delist request was sent.';
