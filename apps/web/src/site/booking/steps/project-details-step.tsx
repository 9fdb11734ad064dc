import { type FieldBinding, TextAreaField } from "../../../components/ui/field";
import { FileField, type UploadState } from "../file-field";

export function ProjectDetailsStep({
  field,
  upload,
  onPick,
  onRemove,
  onSettle,
}: {
  field: (key: "message") => FieldBinding;
  upload: UploadState;
  onPick: (file: File) => void;
  onRemove: () => void;
  onSettle: () => void;
}) {
  return (
    <div className="space-y-4">
      <TextAreaField
        label="Message (optional)"
        rows={5}
        {...field("message")}
        placeholder="Tell us about your project, location and any references."
      />
      <FileField state={upload} onPick={onPick} onRemove={onRemove} onSettle={onSettle} />
    </div>
  );
}
