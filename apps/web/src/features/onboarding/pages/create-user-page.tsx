import ListAltRoundedIcon from '@mui/icons-material/ListAltRounded';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { CurrentUser } from '@portal/domain/accounts/me';
import { CREATION_FAILED, describeCreationError, SUBMISSION_ERROR_TITLE } from '@portal/domain/people/creation-errors';
import {
  type CreateUserResponse,
  type FieldErrors,
  type ManagerOption,
  type NewUserField,
  type NewUserForm,
  newUserDefaults,
  type OnboardingOptions,
  OPTIONAL_STEPS,
  type PersonalStepContext,
  REQUEST_SUBMITTED,
  STEP_FIELDS,
  toCreateUserRequest,
  validatePersonalStep,
  validateReview,
  validateStep,
  WIZARD_STEP_LABELS,
  WIZARD_STEPS,
  type WizardStep,
} from '@portal/domain/people/new-user';
import type { ReferenceLists } from '@portal/domain/reference/reference-lists';
import { useSnackbar } from 'notistack';
import { useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api';
import { paths } from '../../../lib/paths';
import { useReferenceLists } from '../../../lib/reference-lists';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSignedInUser } from '../../../lib/use-signed-in-user';
import { type AvailabilityField, isInUse } from '../api/availability';
import { useCreateUser } from '../api/create-user';
import { useOnboardingOptions } from '../api/onboarding-options';
import { AddressStep } from '../components/address-step';
import { BankingStep } from '../components/banking-step';
import { DocumentsStep } from '../components/documents-step';
import { PersonalStep } from '../components/personal-step';
import { ProductsStep } from '../components/products-step';
import { ReviewStep } from '../components/review-step';
import { SuccessScreen } from '../components/success-screen';

const REVIEW = WIZARD_STEPS.length;
const REQUIRED_STEPS = WIZARD_STEPS.filter((step) => !OPTIONAL_STEPS.includes(step));
/** Spec 1 §9: the approval snackbar stays 5 seconds. */
const SNACKBAR_MS = 5000;

/** Whether a value is worth asking the server about (the format rules pass first). */
const checkable: Record<AvailabilityField, (value: string) => boolean> = {
  identificationNo: (value) => value.length > 3,
  phone: (value) => /^0\d{9}$/.test(value),
  email: (value) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value),
};
const contextKey = {
  identificationNo: 'identificationInUse',
  phone: 'phoneInUse',
  email: 'emailInUse',
} as const satisfies Record<AvailabilityField, keyof PersonalStepContext>;

/** The stepper as a list (MUI makes it a tablist, and tablists cannot hold form fields)… */
const STEP_LIST = { role: 'list', 'aria-orientation': undefined } as const;
/** …and each step's title a plain button in it, without the tab attributes MUI sets. */
const STEP_LIST_BUTTON = {
  role: undefined,
  'aria-selected': undefined,
  'aria-posinset': undefined,
  'aria-setsize': undefined,
} as const;

/** '/users/create' (spec 1 §2.7): the Create New User wizard. */
export function CreateUserPage() {
  useDocumentTitle('Create New User');
  const user = useSignedInUser();
  const lists = useReferenceLists();
  const options = useOnboardingOptions();
  // 'Create Another User' starts a fresh wizard.
  const [round, setRound] = useState(0);

  const header = (
    <PageHeader
      title="Create New User"
      subtitle="New users wait for approval once they have verified their e-mail address and cellphone number."
      actions={
        <Button component={RouterLink} to={paths.pendingRequests} variant="outlined" startIcon={<ListAltRoundedIcon />}>
          Your Pending Requests
        </Button>
      }
    />
  );
  if (lists.isPending || options.isPending) {
    return (
      <Box>
        {header}
        <PageLoader label="Loading the form…" />
      </Box>
    );
  }
  if (lists.isError || options.isError) {
    return (
      <Box>
        {header}
        <Alert
          severity="error"
          action={
            <Button
              color="inherit"
              onClick={() => {
                void lists.refetch();
                void options.refetch();
              }}
            >
              Retry
            </Button>
          }
        >
          The form could not be loaded. Please try again.
        </Alert>
      </Box>
    );
  }
  return (
    <Box>
      {header}
      <CreateUserWizard
        key={round}
        user={user}
        lists={lists.data}
        options={options.data}
        onCreateAnother={() => setRound((value) => value + 1)}
      />
    </Box>
  );
}

interface WizardProps {
  user: CurrentUser;
  lists: ReferenceLists;
  options: OnboardingOptions;
  onCreateAnother: () => void;
}

function CreateUserWizard({ user, lists, options, onCreateAnother }: WizardProps) {
  const { enqueueSnackbar } = useSnackbar();
  const form = useForm<NewUserForm>({ defaultValues: newUserDefaults(user.id) });
  const { getValues, setError, clearErrors } = form;
  const create = useCreateUser();
  const [active, setActive] = useState(0);
  const [reached, setReached] = useState(0);
  const [completed, setCompleted] = useState<ReadonlySet<WizardStep>>(new Set());
  const [manager, setManager] = useState<ManagerOption | null>(options.defaultManager);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreateUserResponse | null>(null);
  const [checking, setChecking] = useState(false);
  const availability = useRef<Partial<Record<AvailabilityField, { value: string; inUse: boolean }>>>({});
  const top = useRef<HTMLDivElement>(null);

  const scrollToTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    top.current?.focus();
  };

  const currentValue = (field: AvailabilityField) => getValues(field).trim();

  /** The server's duplicate answer for a field, asked once per value (a failed lookup counts as in use). */
  const lookUp = async (field: AvailabilityField): Promise<boolean> => {
    const value = currentValue(field);
    if (!checkable[field](value)) return false;
    const cached = availability.current[field];
    if (cached?.value === value) return cached.inUse;
    const inUse = await isInUse(field, value);
    availability.current[field] = { value, inUse };
    return inUse;
  };

  const personalContext = async (): Promise<PersonalStepContext> => {
    const context: PersonalStepContext = {};
    for (const field of ['identificationNo', 'phone', 'email'] as const) {
      context[contextKey[field]] = await lookUp(field);
    }
    return context;
  };

  const showErrors = (fields: readonly NewUserField[], errors: FieldErrors) => {
    clearErrors([...fields]);
    for (const [field, message] of Object.entries(errors)) {
      setError(field as NewUserField, { type: 'manual', message });
    }
  };

  /** On blur: the duplicate check, then that field's own rules. */
  const checkField = async (field: AvailabilityField) => {
    const inUse = await lookUp(field);
    const message = validatePersonalStep(getValues(), { [contextKey[field]]: inUse })[field];
    if (message) setError(field, { type: 'manual', message });
    else clearErrors(field);
  };

  const validate = async (step: WizardStep): Promise<boolean> => {
    setChecking(true);
    try {
      const context = step === 'personal' ? await personalContext() : {};
      const errors = validateStep(step, getValues(), context);
      showErrors(STEP_FIELDS[step], errors);
      const ok = Object.keys(errors).length === 0;
      setCompleted((current) => {
        const next = new Set(current);
        if (ok) next.add(step);
        else next.delete(step);
        return next;
      });
      return ok;
    } finally {
      setChecking(false);
    }
  };

  const openStep = (index: number) => {
    setActive(index);
    setReached((current) => Math.max(current, index));
  };

  const next = async () => {
    const step = WIZARD_STEPS[active];
    if (step && (await validate(step))) openStep(active + 1);
  };

  const canOpen = (index: number) => index <= reached || index === active + 1;

  const goTo = async (index: number) => {
    if (index === active || !canOpen(index)) return;
    if (index > reached) {
      // One step ahead: only when the current step passes.
      await next();
      return;
    }
    setActive(index);
  };

  const requiredComplete = REQUIRED_STEPS.every((step) => completed.has(step));

  /** Every required step must pass before the review; the first failing one opens. */
  const proceedToReview = async () => {
    for (const step of REQUIRED_STEPS) {
      if (!(await validate(step))) {
        setActive(WIZARD_STEPS.indexOf(step));
        return;
      }
    }
    openStep(REVIEW);
  };

  const submit = async () => {
    setSubmitError(null);
    const terms = validateReview(getValues());
    showErrors(['TandCs'], terms);
    if (Object.keys(terms).length) return;
    for (const step of REQUIRED_STEPS) {
      if (!(await validate(step))) {
        setActive(WIZARD_STEPS.indexOf(step));
        return;
      }
    }
    create.mutate(toCreateUserRequest(getValues(), { includeDeals: options.canChooseDeals }), {
      onSuccess: (answer) => {
        setCreated(answer);
        enqueueSnackbar(REQUEST_SUBMITTED, { variant: 'success', autoHideDuration: SNACKBAR_MS });
        scrollToTop();
      },
      onError: (error) => {
        setSubmitError(describeCreationError(error));
        if (isApiError(error)) {
          for (const { field, message } of error.fieldErrors) {
            if (field in getValues()) setError(field as NewUserField, { type: 'server', message });
          }
          const duplicate = error.fieldErrors.find((e) => e.field in contextKey);
          if (duplicate) {
            const field = duplicate.field as AvailabilityField;
            availability.current[field] = { value: currentValue(field), inUse: true };
          }
        }
        scrollToTop();
      },
    });
  };

  if (created) {
    const values = getValues();
    return (
      <SuccessScreen
        created={created}
        name={`${values.firstName.trim()} ${values.surname.trim()}`}
        onCreateAnother={onCreateAnother}
      />
    );
  }

  const body = (step: WizardStep) => {
    switch (step) {
      case 'personal':
        return (
          <PersonalStep
            lists={lists}
            defaultManager={manager ?? options.defaultManager}
            canChooseUserType={options.canChooseUserType}
            onCheck={(field) => void checkField(field)}
            onManagerChosen={setManager}
          />
        );
      case 'address':
        return <AddressStep lists={lists} />;
      case 'documents':
        return <DocumentsStep />;
      case 'banking':
        return <BankingStep lists={lists} />;
      case 'products':
        return <ProductsStep options={options} />;
    }
  };

  return (
    <FormProvider {...form}>
      <Box ref={top} tabIndex={-1} sx={{ outline: 'none' }}>
        {submitError ? (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setSubmitError(null)}>
            <AlertTitle>{SUBMISSION_ERROR_TITLE}</AlertTitle>
            {CREATION_FAILED}: {submitError}
          </Alert>
        ) : null}
      </Box>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 3 } }}>
        {/* A list of steps, each a button over its own form part: MUI's default tablist/tab roles
            would hold form fields inside a tablist, which assistive technology cannot navigate. */}
        <Stepper orientation="vertical" activeStep={active} nonLinear {...STEP_LIST}>
          {WIZARD_STEPS.map((step, index) => (
            <Step
              key={step}
              completed={completed.has(step) && index !== active}
              disabled={!canOpen(index)}
              role="listitem"
            >
              <StepButton
                {...STEP_LIST_BUTTON}
                aria-current={index === active ? 'step' : undefined}
                onClick={() => void goTo(index)}
                optional={
                  OPTIONAL_STEPS.includes(step) ? (
                    <Typography variant="caption" color="text.secondary">
                      Optional
                    </Typography>
                  ) : undefined
                }
              >
                {WIZARD_STEP_LABELS[step]}
              </StepButton>
              <StepContent slotProps={{ transition: { unmountOnExit: true } }}>
                <Box sx={{ pt: 1.5 }}>{body(step)}</Box>
                <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
                  <Button variant="contained" onClick={() => void next()} loading={checking}>
                    {index === WIZARD_STEPS.length - 1 ? 'Continue to Review' : 'Next'}
                  </Button>
                  {OPTIONAL_STEPS.includes(step) ? (
                    <Button variant="outlined" onClick={() => openStep(REVIEW)}>
                      Skip This Step
                    </Button>
                  ) : null}
                  {index > 0 ? <Button onClick={() => setActive(index - 1)}>Back</Button> : null}
                </Box>
              </StepContent>
            </Step>
          ))}
        </Stepper>

        {active < REVIEW && requiredComplete ? (
          <Box sx={{ mt: 3, display: 'flex', justifyContent: 'flex-end' }}>
            <Button variant="contained" color="secondary" onClick={() => void proceedToReview()} loading={checking}>
              Proceed to Review & Submit
            </Button>
          </Box>
        ) : null}

        {active === REVIEW ? (
          <Box component="section" aria-labelledby="review-title" sx={{ mt: 3 }}>
            <Typography id="review-title" variant="h5" component="h2" sx={{ mb: 2 }}>
              Review & Submit
            </Typography>
            <ReviewStep
              lists={lists}
              options={options}
              managerName={manager ? `${manager.zCode}: ${manager.name}` : ''}
              onEdit={(step) => setActive(WIZARD_STEPS.indexOf(step))}
            />
            <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
              <Button
                variant="contained"
                size="large"
                onClick={() => void submit()}
                loading={create.isPending || checking}
              >
                Create User Account
              </Button>
              <Button onClick={() => setActive(WIZARD_STEPS.length - 1)}>Back</Button>
            </Box>
          </Box>
        ) : null}
      </Paper>
    </FormProvider>
  );
}
