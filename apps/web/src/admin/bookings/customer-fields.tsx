import { type FieldBinding, TextField } from "../../components/ui/field";

/** Who the booking is for. The browser must not fill in the admin's own details. */
export function CustomerFields({ field }: { field: (key: "name" | "email" | "phone") => FieldBinding }) {
  return (
    <>
      <TextField label="Customer Name" autoComplete="off" {...field("name")} required />
      <TextField label="Email" type="email" autoComplete="off" {...field("email")} required />
      <TextField label="Phone Number" type="tel" autoComplete="off" {...field("phone")} required />
    </>
  );
}
