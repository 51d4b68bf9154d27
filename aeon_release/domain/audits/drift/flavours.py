"""What a torch tensor and a NumPy array each answer to that the other does not: the two array flavours.

Shared by array flavour drift (``drift/array_flavours.py``: a field upstream assigns the other flavour) and result
kind drift (``drift/result_kinds.py``: a return upstream annotates as the other flavour).  A leaf module, so both
can read it without importing each other.
"""

from __future__ import annotations

# what one flavour has and the other lacks: calls, then attributes (an ndarray's ``size`` is an int: called, it raises)
ONLY_CALLED = {
    "tensor": frozenset(
        {"to", "cuda", "cpu", "pin_memory", "is_pinned", "copy_", "fill_", "zero_", "clone", "numpy", "dim"}
        | {"contiguous", "unsqueeze", "long", "int", "half", "float", "bool", "masked_fill_", "index_select"}
        | {"add_", "mul_", "detach", "data_ptr", "element_size", "numel", "new_zeros", "new_empty", "permute"}
        | {"unbind", "narrow", "index_fill_", "scatter_", "expand", "size", "record_stream", "share_memory_"}
    ),
    "ndarray": frozenset({"astype", "tobytes", "tofile"}),
}
ONLY_READ = {
    # not ``device``: numpy >= 2 gives an ndarray one (``"cpu"``), so reading it does not raise
    "tensor": frozenset({"is_cuda", "requires_grad", "grad"}),
    "ndarray": frozenset({"flags", "ctypes", "strides"}),
}
# the members the other flavour has under no name at all, so that reading them raises AttributeError whether or
# not the line calls them (``size`` is an ndarray's int: only its call raises)
ABSENT = {flavour: (ONLY_CALLED[flavour] | ONLY_READ[flavour]) - {"size"} for flavour in ONLY_CALLED}
# keywords only a tensor's methods take: an ndarray's reductions name the axis ``axis`` and keep it with
# ``keepdims``, and a C method refuses a keyword it does not know (``a.max(dim=-1)``: TypeError)
TENSOR_KEYWORDS = frozenset({"dim", "keepdim"})
SHOWN = {"tensor": "a torch tensor", "ndarray": "a numpy array"}
# the annotation names of each flavour (``torch.Tensor``, ``np.ndarray``, ``npt.NDArray[np.int64]``)
NAMED = {"Tensor": "tensor", "ndarray": "ndarray", "NDArray": "ndarray"}
