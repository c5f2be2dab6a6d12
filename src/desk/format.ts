// Dates as the firm reads them: Nairobi time, whatever the device's zone.
const NAIROBI = new Intl.DateTimeFormat('en-KE', {
  timeZone: 'Africa/Nairobi',
  dateStyle: 'medium',
  timeStyle: 'short',
});

export const nairobiTime = (iso: string) => NAIROBI.format(new Date(iso));
