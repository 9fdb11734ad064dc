import { type EquipmentDto, MESSAGES, ZEquipmentInput } from "@studio/validators";
import { type FormEvent, useState } from "react";
import { Button } from "../../components/ui/button";
import { TextField } from "../../components/ui/field";
import { useToast } from "../../components/ui/toast";
import { callErrors, errorMessage, trpc } from "../../lib/trpc";
import { useConfirm } from "../ui/confirm-dialog";
import { FormDialog, FormError, type FormErrors, issueErrors } from "../ui/form-fields";
import { Section } from "../ui/section";

const t = MESSAGES.admin.equipment;

/** A service's needs as the equipment list tells them, with `equipmentId` needed (1) or not. */
function needsWith(all: readonly EquipmentDto[], serviceId: number, equipmentId: number, needed: boolean) {
  const needs = all
    .filter((e) => e.id !== equipmentId)
    .flatMap((e) => {
      const use = e.services.find((s) => s.id === serviceId);
      return use ? [{ equipment_id: e.id, quantity: use.quantity }] : [];
    });
  const current = all.find((e) => e.id === equipmentId)?.services.find((s) => s.id === serviceId);
  return needed ? [...needs, { equipment_id: equipmentId, quantity: current?.quantity ?? 1 }] : needs;
}

type EquipmentForm = { name: string; count: string };

/** The name and count of a piece of equipment, as typed, with their errors and the parse that checks them. */
function useEquipmentForm(initial: EquipmentForm) {
  const [form, setForm] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>({});
  const set = (key: keyof EquipmentForm) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((e) => ({ ...e, [key]: "", _: "" }));
  };
  /** The input, or null with each field's message shown. */
  const parsed = () => {
    const result = ZEquipmentInput.safeParse(form);
    if (result.success) return result.data;
    setErrors(issueErrors(result.error.issues));
    return null;
  };
  const fields = (
    <>
      <TextField
        label={t.name}
        value={form.name}
        maxLength={60}
        placeholder={t.namePlaceholder}
        onChange={set("name")}
        error={errors.name}
      />
      <TextField
        label={t.count}
        type="number"
        min={1}
        max={50}
        value={form.count}
        onChange={set("count")}
        error={errors.count}
      />
    </>
  );
  return { setForm, errors, setErrors, parsed, fields };
}

/** Edit one piece of equipment: its name, how many, and which services' sessions need it. */
function EquipmentDialog({
  item,
  all,
  open,
  onOpenChange,
}: {
  item: EquipmentDto;
  all: readonly EquipmentDto[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const toast = useToast();
  const utils = trpc.useUtils();
  const services = trpc.services.adminList.useQuery(undefined, { enabled: open });
  const update = trpc.equipment.update.useMutation();
  const setForService = trpc.equipment.setForService.useMutation();
  const { errors, setErrors, parsed, fields } = useEquipmentForm({
    name: item.name,
    count: String(item.count),
  });
  const [needed, setNeeded] = useState(() => new Set(item.services.map((s) => s.id)));
  const busy = update.isPending || setForService.isPending;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const data = parsed();
    if (!data) return;
    try {
      await update.mutateAsync({ id: item.id, ...data });
      const before = new Set(item.services.map((s) => s.id));
      for (const service of services.data ?? []) {
        if (before.has(service.id) === needed.has(service.id)) continue;
        await setForService.mutateAsync({
          service_id: service.id,
          equipment: needsWith(all, service.id, item.id, needed.has(service.id)),
        });
      }
      await utils.equipment.list.invalidate();
      toast.show(MESSAGES.equipment.updated, "success");
      onOpenChange(false);
    } catch (error) {
      setErrors(callErrors(error, t.failed));
    }
  };

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t.editTitle(item.name)}
      onSubmit={onSubmit}
      busy={busy}
      uploading={false}
      error={errors._}
      submitLabel={busy ? MESSAGES.admin.common.saving : MESSAGES.admin.common.save}
    >
      {fields}
      <fieldset className="sm:col-span-2">
        <legend className="mb-2 text-sm font-medium text-white/85">{t.neededBy}</legend>
        {services.isPending ? (
          <p className="text-sm text-white/60">{MESSAGES.admin.common.loading}</p>
        ) : (
          <div className="grid max-h-64 gap-2 overflow-y-auto sm:grid-cols-2">
            {(services.data ?? [])
              .filter((s) => !s.archived)
              .map((service) => (
                <label key={service.id} className="flex min-w-0 items-center gap-2 text-sm text-white/85">
                  <input
                    type="checkbox"
                    checked={needed.has(service.id)}
                    onChange={(e) => {
                      const next = new Set(needed);
                      if (e.target.checked) next.add(service.id);
                      else next.delete(service.id);
                      setNeeded(next);
                    }}
                  />
                  <span className="min-w-0 [overflow-wrap:anywhere]">{service.title}</span>
                </label>
              ))}
          </div>
        )}
        <FormError message={errors.equipment} />
      </fieldset>
    </FormDialog>
  );
}

/**
 * The Hours page's equipment: what the studio books with its sessions (a drone kit, a cinema camera) and how many
 * of each it has. A session that needs one holds it for its whole time, buffers included.
 */
export function EquipmentSection() {
  const toast = useToast();
  const utils = trpc.useUtils();
  const list = trpc.equipment.list.useQuery();
  const create = trpc.equipment.create.useMutation();
  const remove = trpc.equipment.delete.useMutation();
  const [dialog, ask] = useConfirm();
  const [editing, setEditing] = useState<EquipmentDto | null>(null);
  const { setForm, errors, setErrors, parsed, fields } = useEquipmentForm({ name: "", count: "1" });

  const onAdd = async (event: FormEvent) => {
    event.preventDefault();
    const data = parsed();
    if (!data) return;
    try {
      await create.mutateAsync(data);
      setForm({ name: "", count: "1" });
      setErrors({});
      toast.show(MESSAGES.equipment.created, "success");
      await utils.equipment.list.invalidate();
    } catch (error) {
      setErrors(callErrors(error, t.failed));
    }
  };

  const onRemove = async (item: EquipmentDto) => {
    const ok = await ask({
      title: t.removeTitle,
      message: t.removeConfirm(item.name),
      confirmLabel: t.remove,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync({ id: item.id });
      toast.show(MESSAGES.equipment.deleted, "success");
    } catch (error) {
      toast.show(errorMessage(error, t.failed), "error");
    }
    await utils.equipment.list.invalidate();
  };

  const items = list.data ?? [];
  return (
    <Section id="hours-equipment" title={t.title} text={t.hint}>
      {list.isError ? <FormError message={errorMessage(list.error, t.loadFailed)} /> : null}
      {items.length === 0 && list.isSuccess ? (
        <p className="rounded-xl border border-dashed border-ink-line p-4 text-sm text-white/70">{t.none}</p>
      ) : (
        <ul aria-label={t.title} className="divide-y divide-ink-line rounded-xl border border-ink-line">
          {items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-3">
              <div className="min-w-0">
                <p className="text-sm font-medium text-white [overflow-wrap:anywhere]">
                  {t.countOf(item.name, item.count)}
                </p>
                <p className="text-sm text-white/70 [overflow-wrap:anywhere]">
                  {item.services.length ? t.usedBy(item.services.map((s) => s.title).join(", ")) : t.unused}
                </p>
              </div>
              <div className="flex gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t.editLabel(item.name)}
                  onClick={() => setEditing(item)}
                >
                  {MESSAGES.admin.common.edit}
                </Button>
                <Button
                  size="sm"
                  variant="danger"
                  aria-label={t.removeLabel(item.name)}
                  onClick={() => void onRemove(item)}
                  disabled={remove.isPending}
                >
                  {t.remove}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <form
        onSubmit={onAdd}
        noValidate
        aria-label={t.add}
        className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-start"
      >
        {fields}
        <Button type="submit" disabled={create.isPending} className="self-end sm:mt-7 sm:self-start">
          {create.isPending ? t.adding : t.add}
        </Button>
        <FormError message={errors._} className="sm:col-span-3" />
      </form>
      {editing ? (
        <EquipmentDialog
          key={editing.id}
          item={editing}
          all={items}
          open
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
        />
      ) : null}
      {dialog}
    </Section>
  );
}
