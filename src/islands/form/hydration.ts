/**
 * A form island (client:near) hydrates when it comes within this distance of the viewport:
 * early enough that React is running before anyone reaches a field, late
 * enough that a visitor who never scrolls to the form never downloads it.
 */
export const FORM_HYDRATION = { rootMargin: '600px 0px' } as const;
