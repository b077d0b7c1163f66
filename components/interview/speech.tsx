"use client";
import { Mic, MicOff, Volume2, VolumeX } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useRef, useState } from "react";
import { cn } from "../ui/cn";

/**
 * Optional voice: hear each question (speech synthesis) and dictate answers
 * (speech recognition), each only where the browser offers it. Text stays the primary way;
 * nothing here is needed to take an interview.
 */

/** The part of the Web Speech API's recognition interface used here (not in TypeScript's DOM lib). */
type Recognition = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((e: { resultIndex: number; results: ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }> }) => void) | null;
  onend: (() => void) | null;
  onerror: ((e: { error: string }) => void) | null;
};
type RecognitionCtor = new () => Recognition;

function recognitionCtor(): RecognitionCtor | undefined {
  if (typeof window === "undefined") return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionCtor; webkitSpeechRecognition?: RecognitionCtor };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

const READ_ALOUD_KEY = "panelist:interview:read-aloud";
const BCP47 = { en: "en-US", zh: "zh-CN" } as const;

export type Speech = ReturnType<typeof useSpeech>;

export function useSpeech(language: "en" | "zh") {
  const [support, setSupport] = useState({ synthesis: false, recognition: false });
  const [readAloud, setReadAloudState] = useState(false);
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const onText = useRef<(text: string) => void>(() => {});

  // Feature detection after mount: the server render has no window.
  useEffect(() => {
    setSupport({ synthesis: typeof window.speechSynthesis !== "undefined", recognition: Boolean(recognitionCtor()) });
    try {
      setReadAloudState(localStorage.getItem(READ_ALOUD_KEY) === "1");
    } catch {
      // no storage: off
    }
    return () => {
      recognition.current?.abort();
      if (typeof window.speechSynthesis !== "undefined") window.speechSynthesis.cancel();
    };
  }, []);

  return useMemo(() => {
    const cancel = () => {
      if (support.synthesis) window.speechSynthesis.cancel();
    };
    const stopListening = () => {
      recognition.current?.stop();
      recognition.current = null;
      setListening(false);
    };
    return {
      support,
      readAloud,
      listening,
      setReadAloud(on: boolean) {
        setReadAloudState(on);
        if (!on) cancel();
        try {
          localStorage.setItem(READ_ALOUD_KEY, on ? "1" : "0");
        } catch {
          // not remembered
        }
      },
      /** Reads a question aloud when the candidate turned reading on. */
      speak(text: string) {
        if (!support.synthesis || !readAloud || !text.trim()) return;
        window.speechSynthesis.cancel();
        const u = new SpeechSynthesisUtterance(text);
        u.lang = BCP47[language];
        window.speechSynthesis.speak(u);
      },
      cancel,
      startListening() {
        const Ctor = recognitionCtor();
        if (!Ctor || recognition.current) return;
        const r = new Ctor();
        r.lang = BCP47[language];
        r.continuous = true;
        r.interimResults = false;
        r.onresult = (e) => {
          for (let i = e.resultIndex; i < e.results.length; i++) {
            const result = e.results[i];
            if (result.isFinal && result[0]?.transcript.trim()) onText.current(result[0].transcript.trim());
          }
        };
        r.onend = () => {
          if (recognition.current === r) recognition.current = null;
          setListening(false);
        };
        r.onerror = () => {
          if (recognition.current === r) recognition.current = null;
          setListening(false);
        };
        recognition.current = r;
        cancel();
        r.start();
        setListening(true);
      },
      stopListening,
      /** Where dictated text goes. */
      onTranscript(cb: (text: string) => void) {
        onText.current = cb;
      },
    };
  }, [support, readAloud, listening, language]);
}

const iconButton =
  "inline-flex size-9 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:opacity-40";

/** "Read questions aloud" on/off, shown only where speech synthesis exists. */
export function SpeechControls({ speech }: { speech: Speech }) {
  const t = useTranslations("interview.speech");
  if (!speech.support.synthesis) return null;
  const on = speech.readAloud;
  return (
    <button
      type="button"
      aria-pressed={on}
      title={on ? t("readAloudOff") : t("readAloudOn")}
      aria-label={t("readAloud")}
      onClick={() => speech.setReadAloud(!on)}
      data-testid="read-aloud"
      className={cn(iconButton, on && "bg-indigo-50 text-indigo-700")}
    >
      {on ? <Volume2 aria-hidden className="size-4" /> : <VolumeX aria-hidden className="size-4" />}
    </button>
  );
}

/** Dictate into the answer box, shown only where speech recognition exists. */
export function DictateButton({ speech, disabled }: { speech: Speech; disabled: boolean }) {
  const t = useTranslations("interview.speech");
  if (!speech.support.recognition) return null;
  const on = speech.listening;
  return (
    <button
      type="button"
      aria-pressed={on}
      aria-label={on ? t("dictateStop") : t("dictate")}
      title={on ? t("dictateStop") : t("dictate")}
      disabled={disabled}
      onClick={() => (on ? speech.stopListening() : speech.startListening())}
      data-testid="dictate"
      className={cn(iconButton, on && "animate-pulse bg-rose-50 text-rose-700")}
    >
      {on ? <MicOff aria-hidden className="size-4" /> : <Mic aria-hidden className="size-4" />}
    </button>
  );
}
