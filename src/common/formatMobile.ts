// How a Nigerian mobile is written for people to read and edit: "0803 123 4567", the form the
// README and the input box's placeholder show. The API's form is "2348031234567".
//
// One form per place: every label, tooltip, prompt and notification that names a wallet shows
// this form; the API's form stays where the number is copied or sent on (the panel's detail
// with its copy button, Open as JSON, an export, command arguments). A masked mobile
// (masking/masking.ts) is another matter: it hides digits on passive surfaces.

/** "2348031234567" → "0803 123 4567"; anything else comes back as it is. */
export function formatMobileForPeople(mobile: string): string {
  const national = /^(?:\+?234|0)?([789]\d{9})$/.exec(mobile.replace(/[\s-]/g, ''))?.[1];
  return national ? `0${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}` : mobile;
}
