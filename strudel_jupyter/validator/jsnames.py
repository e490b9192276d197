"""Names JavaScript itself gives REPL code: globals and the methods of built-in objects.

Strudel code is JavaScript running in a browser, so ``Math.floor``, ``console.log``,
``[1, 2].map(...)`` or ``ctx.fillRect(...)`` inside ``onPaint`` are never Strudel
mistakes. These lists are the standard ECMAScript built-ins plus the browser APIs
REPL code commonly reaches (DOM, canvas, Web Audio, Web MIDI, fetch). The validator
only uses them to *accept* names, so a missing entry can cause a false report but an
extra entry cannot.
"""

from __future__ import annotations

__all__ = ["HYDRA_GLOBALS", "HYDRA_METHODS", "JS_GLOBALS", "JS_METHODS", "JS_NAMESPACES", "VALUE_METHODS"]


def _names(text: str) -> frozenset[str]:
    return frozenset(text.split())


# ECMAScript globals, then browser globals.
JS_GLOBALS = _names(
    """
    globalThis Infinity NaN undefined eval isFinite isNaN parseFloat parseInt decodeURI
    decodeURIComponent encodeURI encodeURIComponent escape unescape Object Function Boolean Symbol
    Error AggregateError EvalError RangeError ReferenceError SyntaxError TypeError URIError Number
    BigInt Math Date String RegExp Array Int8Array Uint8Array Uint8ClampedArray Int16Array
    Uint16Array Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array Map
    Set WeakMap WeakSet WeakRef FinalizationRegistry ArrayBuffer SharedArrayBuffer DataView Atomics
    JSON Promise Reflect Proxy Intl Iterator arguments require module exports

    window self top parent frames document navigator location history screen console performance
    crypto localStorage sessionStorage indexedDB caches fetch setTimeout clearTimeout setInterval
    clearInterval setImmediate queueMicrotask structuredClone requestAnimationFrame
    cancelAnimationFrame requestIdleCallback cancelIdleCallback alert prompt confirm atob btoa
    addEventListener removeEventListener dispatchEvent matchMedia getComputedStyle innerWidth
    innerHeight outerWidth outerHeight devicePixelRatio scrollX scrollY open close print
    URL URLSearchParams Blob File FileReader FormData Headers Request Response AbortController
    AbortSignal TextEncoder TextDecoder Event CustomEvent EventTarget KeyboardEvent MouseEvent
    PointerEvent MessageChannel MessagePort BroadcastChannel Worker SharedWorker WebSocket
    XMLHttpRequest DOMParser XMLSerializer Node Element HTMLElement HTMLCanvasElement
    HTMLImageElement HTMLVideoElement HTMLAudioElement HTMLInputElement Image Audio Option
    CanvasRenderingContext2D OffscreenCanvas Path2D ImageData ImageBitmap createImageBitmap
    MutationObserver ResizeObserver IntersectionObserver Notification speechSynthesis
    SpeechSynthesisUtterance MediaStream MediaRecorder AudioContext OfflineAudioContext
    webkitAudioContext AudioBuffer AudioBufferSourceNode AudioNode AudioParam AudioWorkletNode
    GainNode OscillatorNode BiquadFilterNode DelayNode ConvolverNode AnalyserNode
    DynamicsCompressorNode StereoPannerNode ConstantSourceNode WaveShaperNode ChannelMergerNode
    ChannelSplitterNode MediaStreamAudioSourceNode PeriodicWave MIDIAccess MIDIInput MIDIOutput
    WebAssembly reportError
    """
)

# Global objects whose members are not Strudel's business (``Math.random()``, ``document.body``).
JS_NAMESPACES = _names(
    """
    Math JSON console Object Array Number String Boolean Symbol Promise Reflect Proxy Intl Date
    RegExp Atomics WebAssembly BigInt Iterator window self globalThis document navigator location
    history screen performance crypto localStorage sessionStorage indexedDB caches speechSynthesis
    """
)

# Methods of built-in values (arrays, strings, numbers, promises, functions, maps, dates,
# DOM nodes, canvas contexts, audio nodes, MIDI ports, fetch responses...).
JS_METHODS = _names(
    """
    at concat copyWithin entries every fill filter find findIndex findLast findLastIndex flat
    flatMap forEach includes indexOf join keys lastIndexOf map pop push reduce reduceRight reverse
    shift slice some sort splice toLocaleString toReversed toSorted toSpliced toString unshift
    values with from fromAsync isArray of

    charAt charCodeAt codePointAt endsWith isWellFormed localeCompare match matchAll normalize
    padEnd padStart repeat replace replaceAll search split startsWith substring substr
    toLocaleLowerCase toLocaleUpperCase toLowerCase toUpperCase toWellFormed trim trimEnd
    trimStart trimLeft trimRight valueOf fromCharCode fromCodePoint raw anchor

    toExponential toFixed toPrecision isFinite isInteger isNaN isSafeInteger parseFloat parseInt

    hasOwnProperty isPrototypeOf propertyIsEnumerable assign create defineProperty
    defineProperties freeze fromEntries getOwnPropertyDescriptor getOwnPropertyDescriptors
    getOwnPropertyNames getOwnPropertySymbols getPrototypeOf setPrototypeOf groupBy hasOwn is
    isExtensible isFrozen isSealed preventExtensions seal construct apply bind call ownKeys has
    deleteProperty get set add delete clear size

    then catch finally all allSettled any race resolve reject withResolvers next return throw

    abs acos acosh asin asinh atan atan2 atanh cbrt ceil clz32 cos cosh exp expm1 floor fround
    hypot imul log log10 log1p log2 max min pow random round sign sin sinh sqrt tan tanh trunc

    parse stringify info warn error debug table trace dir group groupCollapsed groupEnd time
    timeEnd timeLog assert count countReset

    now UTC getTime getFullYear getMonth getDate getDay getHours getMinutes getSeconds
    getMilliseconds getTimezoneOffset setFullYear setMonth setDate setHours setMinutes setSeconds
    setMilliseconds setTime toISOString toJSON toDateString toTimeString toLocaleDateString
    toLocaleTimeString getUTCFullYear getUTCMonth getUTCDate getUTCHours getUTCMinutes
    getUTCSeconds test exec compile

    getElementById getElementsByClassName getElementsByTagName querySelector querySelectorAll
    createElement createTextNode appendChild removeChild replaceChild insertBefore append
    prepend remove replaceWith before after cloneNode contains closest matches setAttribute
    getAttribute removeAttribute hasAttribute toggleAttribute addEventListener
    removeEventListener dispatchEvent getBoundingClientRect getClientRects focus blur click
    scrollTo scrollIntoView requestFullscreen exitFullscreen preventDefault stopPropagation
    stopImmediatePropagation getContext toDataURL toBlob transferControlToOffscreen play pause
    load canPlayType captureStream

    fillRect clearRect strokeRect beginPath closePath moveTo lineTo arc arcTo bezierCurveTo
    quadraticCurveTo rect roundRect ellipse fill stroke clip fillText strokeText measureText
    save restore translate rotate scale setTransform resetTransform transform getTransform
    drawImage createLinearGradient createRadialGradient createConicGradient createPattern
    addColorStop getImageData putImageData createImageData setLineDash getLineDash
    isPointInPath isPointInStroke

    connect disconnect start stop setValueAtTime linearRampToValueAtTime
    exponentialRampToValueAtTime setTargetAtTime setValueCurveAtTime cancelScheduledValues
    cancelAndHoldAtTime createGain createOscillator createBiquadFilter createBufferSource
    createBuffer createDelay createConvolver createAnalyser createDynamicsCompressor
    createStereoPanner createConstantSource createWaveShaper createChannelMerger
    createChannelSplitter createMediaStreamSource createMediaElementSource createPeriodicWave
    decodeAudioData resume suspend close getChannelData copyFromChannel copyToChannel
    getByteFrequencyData getFloatFrequencyData getByteTimeDomainData getFloatTimeDomainData
    addModule postMessage terminate

    requestMIDIAccess send getUserMedia enumerateDevices getTracks json text arrayBuffer blob
    formData clone readAsText readAsDataURL readAsArrayBuffer append getAll
    """
)

# Methods of Strudel's own non-pattern values: haps (``hap.hasTag``), time spans and
# fractions (``hap.whole.begin.sam()``), as defined in @strudel/core (hap.mjs,
# timespan.mjs, fraction.mjs) and fraction.js.
VALUE_METHODS = _names(
    """
    isActive isInPast isInNearPast isInFuture isInNearFuture isWithinTime wholeOrPart withSpan
    withValue hasOnset hasTag resolveState spanEquals equals show showWhole combineContext
    setContext ensureObjectValue cycleArc withTime withEnd withCycle intersection
    intersection_e midpoint spanCycles sam nextSam cyclePos wholeCycle eq ne lt gt lte gte
    mulmaybe divmaybe addmaybe submaybe neg mod gcd lcm roundTo inverse simplify compare
    divisible toLatex toFraction toContinued
    """
)

# hydra-synth: its globals only exist after ``await initHydra()``.
HYDRA_GLOBALS = _names(
    """
    osc noise voronoi shape gradient src solid prev o0 o1 o2 o3 s0 s1 s2 s3 render hush
    setResolution speed bpm width height time mouse a update setFunction loadScript synth
    """
)
HYDRA_METHODS = _names(
    """
    out rotate scale pixelate repeat repeatX repeatY kaleid scroll scrollX scrollY posterize shift
    invert contrast brightness luma thresh color saturate hue colorama sum r g b a add sub mult
    blend diff layer mask modulate modulateRepeat modulateRepeatX modulateRepeatY modulateKaleid
    modulateScrollX modulateScrollY modulateScale modulatePixelate modulateRotate modulateHue
    initCam initImage initVideo initScreen initStream init clear fast smooth ease offset fit
    """
)
