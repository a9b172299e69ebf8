import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, HttpError, useRecordContext, useTranslate } from 'react-admin';
import { eligibilityLimits } from '../../../resources/eligibility';
import { errorBody } from '../../providers/dataProvider';
import type { EligibilityQuestionRow } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useStaffChange, useStaffQuery } from '../useStaffQuery';
import { fromRow, newQuestion, toInput, type DraftQuestion } from './draft';
import { QuestionEditor } from './QuestionEditor';

/** The key of the check's reads, which a save reads again. */
const checkScope = (typeId: number) => ['eligibility', typeId];

/**
 * Below an application type's form, "Vem får söka": its eligibility questions, added, reordered, edited and removed
 * (after a confirmation), then saved at once; the server checks every rule and its messages stand beside the fields.
 */
export function EligibilityEditor() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const id = record?.id ?? 0;
  const check = useStaffQuery(checkScope(id), 'getEligibility', [id], { enabled: record !== undefined });
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="eligibility-heading" sx={{ p: 2, maxWidth: 1000 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id="eligibility-heading" gutterBottom>
        {translate('eligibility.editor.heading')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate('eligibility.editor.intro')}
      </Typography>
      {/* Edited from what was read: a save gives the questions as saved, and the editor starts again from them. */}
      <Loaded query={check}>{(data) => <Questions key={JSON.stringify(data)} typeId={id} saved={data.questions} />}</Loaded>
    </Box>
  );
}

function Questions({ typeId, saved }: { typeId: number; saved: EligibilityQuestionRow[] }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`eligibility.editor.${key}`, options);
  const [questions, setQuestions] = useState<DraftQuestion[]>(() => saved.map(fromRow));
  const [dirty, setDirty] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useStaffChange(
    (dataProvider, input: DraftQuestion[]) => dataProvider.putEligibility(typeId, input.map(toInput)),
    [checkScope(typeId)],
    { done: t('saved') },
  );

  const change = (next: DraftQuestion[]) => {
    setQuestions(next);
    setDirty(true);
  };
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    change(next);
  };
  /** The server's field errors of the question at `index`, by its own field names. */
  const errorsOf = (index: number) =>
    Object.fromEntries(
      Object.entries(errors)
        .filter(([field]) => field.startsWith(`questions.${index}.`))
        .map(([field, text]) => [field.slice(`questions.${index}.`.length), text]),
    );
  const submit = async () => {
    setErrors({});
    setMessage(null);
    try {
      await save.mutateAsync(questions);
    } catch (error) {
      const fields = error instanceof HttpError ? (errorBody(error)?.errors ?? {}) : {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([field, list]) => [field, [list].flat()[0] ?? ''])));
      setMessage(error instanceof Error ? error.message : String(error));
    }
  };
  const removed = removing === null ? null : questions[removing];

  return (
    <>
      {questions.length === 0 && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('empty')}
        </Alert>
      )}
      <Stack spacing={2} sx={{ mb: 2 }}>
        {questions.map((question, index) => (
          <QuestionEditor
            key={question.key}
            question={question}
            index={index}
            count={questions.length}
            errors={errorsOf(index)}
            onChange={(next) => change(questions.map((q) => (q.key === question.key ? next : q)))}
            onMove={(by) => move(index, by)}
            onRemove={() => setRemoving(index)}
          />
        ))}
      </Stack>
      {errors.questions && <Alert severity="error">{errors.questions}</Alert>}
      <Button
        startIcon={<AddIcon />}
        onClick={() => change([...questions, newQuestion()])}
        disabled={questions.length >= eligibilityLimits.questions}
        sx={{ mb: 2 }}
      >
        {t('add')}
      </Button>
      {message && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {message}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button variant="contained" onClick={() => void submit()} disabled={save.isPending || !dirty}>
          {t(save.isPending ? 'saving' : 'save')}
        </Button>
        {dirty && (
          <Typography color="text.secondary" role="status">
            {t('unsaved')}
          </Typography>
        )}
      </Stack>
      <Confirm
        isOpen={removed !== null}
        title="eligibility.editor.remove_title"
        content="eligibility.editor.remove_text"
        translateOptions={{ question: removed?.question || t('untitled') }}
        confirm="eligibility.editor.remove_confirm"
        cancel="eligibility.editor.cancel"
        confirmColor="warning"
        onConfirm={() => {
          change(questions.filter((_, i) => i !== removing));
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}
