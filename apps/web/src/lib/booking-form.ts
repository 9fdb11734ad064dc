/** A booking form's fields as typed, before they are parsed: the site's dialog and the back office's. */
export type BookingFormValues = {
  name: string;
  email: string;
  phone: string;
  service_id: string;
  date: string;
  time: string;
  message: string;
};
