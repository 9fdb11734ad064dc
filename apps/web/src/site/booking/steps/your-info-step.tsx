import { type FieldBinding, TextField } from "../../../components/ui/field";

export function YourInfoStep({ field }: { field: (key: "name" | "email" | "phone") => FieldBinding }) {
  return (
    <div className="space-y-4">
      <TextField label="Name" autoComplete="name" {...field("name")} required />
      <TextField label="Email" type="email" autoComplete="email" {...field("email")} required />
      <TextField label="Phone" type="tel" autoComplete="tel" {...field("phone")} required />
    </div>
  );
}
