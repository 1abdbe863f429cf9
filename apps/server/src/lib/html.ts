/** Text made safe to place in HTML, in element content and in quoted attribute values alike. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
