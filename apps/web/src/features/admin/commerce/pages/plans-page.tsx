import '../plans.scss';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AdminCommerceMessages as M, type AdminPlan, type AdminTax } from '@reeltime/contract';
import { errorMessage } from '../../../../lib/api-client';
import { formatMoney } from '../../../../lib/format';
import { AdminPageHeader } from '../../shell/components/admin-page-header';
import { ConfirmAction } from '../../shell/components/confirm-action';
import { DataTable, type Column } from '../../shell/components/data-table';
import { EmptyState } from '../../shell/components/empty-state';
import { StatusBadge } from '../../shell/components/status-badge';
import {
  plansAdminQuery,
  taxesAdminQuery,
  useDeletePlan,
  useDeleteTax,
  useSavePlan,
  useSaveTax,
  useSetPlanActive,
} from '../api/commerce-api';
import { PlanEditorDialog } from '../components/plan-editor-dialog';
import { TaxEditorDialog } from '../components/tax-editor-dialog';

type Editing<T> = { item: T | null } | null;

const durationText = (plan: Pick<AdminPlan, 'duration' | 'duration_value'>) =>
  `${plan.duration_value} ${plan.duration}${plan.duration_value === 1 ? '' : 's'}`;

function StripeState({ stripe }: { stripe: AdminPlan['stripe'] }) {
  if (!stripe) return <StatusBadge status="waiting" tone="warning" label="Not sent yet" />;
  if (stripe.last_error) {
    return (
      <span title={stripe.last_error}>
        <StatusBadge status="failed" label="Sync failed" />
        <span className="visually-hidden">: {stripe.last_error}</span>
      </span>
    );
  }
  if (!stripe.in_sync) return <StatusBadge status="pending" label="Sending…" />;
  return (
    <span className="plans-page__stripe-ids">
      <StatusBadge status="done" label="In step" />
      <code>{stripe.price_id}</code>
    </span>
  );
}

/** The console's Plans and taxes section: what members can buy, for how much, and the taxes added. */
export function PlansAdminPage() {
  const plans = useQuery(plansAdminQuery());
  const taxes = useQuery(taxesAdminQuery());
  const [editingPlan, setEditingPlan] = useState<Editing<AdminPlan>>(null);
  const [editingTax, setEditingTax] = useState<Editing<AdminTax>>(null);
  const currency = plans.data?.currency ?? 'INR';
  const money = (minor: number) => formatMoney(minor / 100, currency);

  const savePlan = useSavePlan();
  const setActive = useSetPlanActive();
  const deletePlan = useDeletePlan();
  const saveTax = useSaveTax();
  const deleteTax = useDeleteTax();

  const planColumns: Column<AdminPlan>[] = [
    {
      key: 'name',
      header: 'Plan',
      cell: (plan) => (
        <div>
          <div className="fw-semibold">{plan.name}</div>
          {plan.description ? <div className="text-secondary small">{plan.description}</div> : null}
          <div className="text-secondary small">Order {plan.position}</div>
        </div>
      ),
    },
    {
      key: 'price',
      header: 'Price',
      align: 'end',
      width: '9rem',
      cell: (plan) => (
        <div className="plans-page__price">
          <div className="fw-semibold">{money(plan.price_after_discount_minor)}</div>
          {plan.discount_percent > 0 ? (
            <div className="text-secondary small">
              {money(plan.price_minor)} − {plan.discount_percent}%
            </div>
          ) : null}
          <div className="text-secondary small">every {durationText(plan)}</div>
        </div>
      ),
    },
    {
      key: 'limits',
      header: 'What members see',
      cell: (plan) => (
        <ul className="plans-page__limits">
          {plan.limitations.map((limit) => (
            <li key={limit.limitation_title} title={limit.limitation_title}>
              {typeof limit.limit === 'string' ? limit.limit : limit.limitation_title}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'members',
      header: 'Members',
      align: 'end',
      width: '6rem',
      cell: (plan) => plan.current_subscribers,
    },
    {
      key: 'status',
      header: 'Status',
      width: '7rem',
      cell: (plan) => <StatusBadge status={plan.is_active ? 'active' : 'inactive'} />,
    },
    ...(plans.data?.stripe_configured
      ? [
          {
            key: 'stripe',
            header: 'Stripe',
            width: '12rem',
            cell: (plan: AdminPlan) => <StripeState stripe={plan.stripe} />,
          },
        ]
      : []),
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '12rem',
      cell: (plan) => (
        <div className="plans-page__actions">
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            aria-label={`Edit ${plan.name}`}
            onClick={() => setEditingPlan({ item: plan })}
          >
            Edit
          </button>
          {plan.is_active ? (
            <ConfirmAction
              label="Deactivate"
              ariaLabel={`Deactivate ${plan.name}`}
              className="btn btn-sm btn-outline-warning"
              title={`Deactivate ${plan.name}?`}
              confirmLabel="Deactivate"
              busyLabel="Deactivating…"
              onConfirm={() => setActive.mutateAsync({ id: plan.id, active: false })}
            >
              Members will no longer see or buy it. The {plan.current_subscribers} member
              {plan.current_subscribers === 1 ? '' : 's'} on it keep it until it ends.
            </ConfirmAction>
          ) : (
            <button
              type="button"
              className="btn btn-sm btn-outline-success"
              aria-label={`Activate ${plan.name}`}
              disabled={setActive.isPending}
              onClick={() => setActive.mutate({ id: plan.id, active: true })}
            >
              Activate
            </button>
          )}
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${plan.name}`}
            title={`Delete ${plan.name}?`}
            confirmLabel="Delete"
            busyLabel="Deleting…"
            disabled={plan.bought}
            onConfirm={() => deletePlan.mutateAsync(plan.id)}
          >
            The plan is removed for good. Nobody has bought it yet.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  const taxColumns: Column<AdminTax>[] = [
    { key: 'name', header: 'Name', cell: (tax) => <span className="fw-semibold">{tax.name}</span> },
    { key: 'percent', header: 'Percent', align: 'end', width: '7rem', cell: (tax) => `${tax.percent}%` },
    {
      key: 'status',
      header: 'Status',
      width: '7rem',
      cell: (tax) => <StatusBadge status={tax.is_active ? 'active' : 'inactive'} />,
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      width: '10rem',
      cell: (tax) => (
        <div className="plans-page__actions">
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            aria-label={`Edit ${tax.name}`}
            onClick={() => setEditingTax({ item: tax })}
          >
            Edit
          </button>
          <ConfirmAction
            label="Delete"
            ariaLabel={`Delete ${tax.name}`}
            title={`Delete the ${tax.name} tax line?`}
            confirmLabel="Delete"
            busyLabel="Deleting…"
            onConfirm={() => deleteTax.mutateAsync(tax.id)}
          >
            New checkouts no longer add {tax.name} ({tax.percent}%). Receipts of payments already made keep
            it. To stop it for a while instead, edit it and clear Active.
          </ConfirmAction>
        </div>
      ),
    },
  ];

  return (
    <div className="plans-page">
      <AdminPageHeader
        title="Plans and taxes"
        description={
          plans.data?.stripe_configured
            ? 'What members can buy and the taxes added at checkout. Changes reach Stripe by themselves.'
            : 'What members can buy and the taxes added at checkout.'
        }
        actions={
          <button type="button" className="btn btn-primary" onClick={() => setEditingPlan({ item: null })}>
            New plan
          </button>
        }
      />
      <p className="plans-page__note">{M.priceChangeNote}</p>

      <section aria-labelledby="plans-heading" className="mb-5">
        <h2 id="plans-heading" className="h5">
          Plans
        </h2>
        <DataTable
          caption="Plans"
          columns={planColumns}
          rows={plans.data?.plans}
          rowKey={(plan) => plan.id}
          isLoading={plans.isPending}
          error={
            plans.isError
              ? {
                  message: errorMessage(plans.error, 'The plans could not be loaded.'),
                  onRetry: () => void plans.refetch(),
                }
              : null
          }
          empty={
            <EmptyState
              title="No plans yet"
              hint="Members cannot subscribe until there is an active plan."
              action={
                <button
                  type="button"
                  className="btn btn-primary"
                  onClick={() => setEditingPlan({ item: null })}
                >
                  Create the first plan
                </button>
              }
            />
          }
        />
      </section>

      <section aria-labelledby="taxes-heading">
        <div className="plans-page__section-head">
          <h2 id="taxes-heading" className="h5 mb-0">
            Taxes
          </h2>
          <button
            type="button"
            className="btn btn-sm btn-outline-light"
            onClick={() => setEditingTax({ item: null })}
          >
            Add tax line
          </button>
        </div>
        <DataTable
          caption="Tax lines"
          columns={taxColumns}
          rows={taxes.data}
          rowKey={(tax) => tax.id}
          isLoading={taxes.isPending}
          error={
            taxes.isError
              ? {
                  message: errorMessage(taxes.error, 'The tax lines could not be loaded.'),
                  onRetry: () => void taxes.refetch(),
                }
              : null
          }
          empty={
            <EmptyState
              title="No tax lines"
              hint="Checkouts charge the plan's price after discount, with no tax added."
            />
          }
        />
      </section>

      {editingPlan ? (
        <PlanEditorDialog
          plan={editingPlan.item}
          currency={currency}
          onSave={(body) => savePlan.mutateAsync({ id: editingPlan.item?.id ?? null, body })}
          onClose={() => setEditingPlan(null)}
        />
      ) : null}
      {editingTax ? (
        <TaxEditorDialog
          tax={editingTax.item}
          onSave={(body) => saveTax.mutateAsync({ id: editingTax.item?.id ?? null, body })}
          onClose={() => setEditingTax(null)}
        />
      ) : null}
    </div>
  );
}
